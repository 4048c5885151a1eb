"""partialmethod builds two entry points of a solver class; the 'host' one goes through a
custom_vjp wrapped SciPy call, and the sensitivity study uses forward mode."""
from functools import partialmethod
import jax
import jax.numpy as jnp
import numpy as np
import scipy.linalg


@jax.custom_vjp
def host_expm_action(A, v):
    return jax.pure_callback(lambda a, b: (scipy.linalg.expm(a) @ b).astype(b.dtype),
                             jax.ShapeDtypeStruct(v.shape, v.dtype), A, v)


def _fwd(A, v):
    y = host_expm_action(A, v)
    return y, (A, v, y)


def _bwd(res, g):
    A, v, y = res
    E = jax.scipy.linalg.expm(A)
    # A is a fixed generator here: no cotangent for it
    return jnp.zeros_like(A), E.T @ g


host_expm_action.defvjp(_fwd, _bwd)


class Propagator:
    def __init__(self, A):
        self.A = A

    def _propagate(self, v, backend):
        if backend == "host":
            return host_expm_action(self.A, v)
        return jax.scipy.linalg.expm(self.A) @ v

    propagate_host = partialmethod(_propagate, backend="host")
    propagate_jax = partialmethod(_propagate, backend="jax")


if __name__ == "__main__":
    A = jnp.array([[0.0, 1.0], [-1.0, -0.1]])
    prop = Propagator(A)
    v0 = jnp.array([1.0, 0.0])
    print(prop.propagate_host(v0), prop.propagate_jax(v0))
    print(jax.grad(lambda v: prop.propagate_host(v).sum())(v0))
    sens = jax.jacfwd(prop.propagate_host)(v0)
    print(sens)
