"""Frozen dataclass config; an experiment derives a variant with dataclasses.replace that
switches to a custom_vjp host solver, then runs a forward-mode sensitivity sweep."""
import dataclasses
import jax
import jax.numpy as jnp
import numpy as np
import scipy.linalg


@jax.custom_vjp
def host_solve(A, b):
    return jax.pure_callback(lambda a, c: scipy.linalg.solve(a, c).astype(c.dtype),
                             jax.ShapeDtypeStruct(b.shape, b.dtype), A, b)


def _fwd(A, b):
    x = host_solve(A, b)
    return x, (A, x)


def _bwd(res, g):
    A, x = res
    lam = host_solve(A.T, g)
    return -jnp.outer(lam, x), lam


host_solve.defvjp(_fwd, _bwd)


@dataclasses.dataclass(frozen=True)
class SolverConfig:
    use_host: bool = False
    ridge: float = 1e-6


def solve(A, b, cfg):
    A = A + cfg.ridge * jnp.eye(A.shape[0])
    return host_solve(A, b) if cfg.use_host else jnp.linalg.solve(A, b)


def steady_state(k, load, cfg):
    A = jnp.diag(k) + 0.1 * jnp.ones((k.shape[0], k.shape[0]))
    return solve(A, load, cfg)


if __name__ == "__main__":
    base = SolverConfig()
    host = dataclasses.replace(base, use_host=True)
    k = jnp.array([2.0, 3.0, 4.0])
    load = jnp.array([1.0, 0.0, -1.0])
    print(jax.grad(lambda k: steady_state(k, load, host).sum())(k))
    for cfg in (base, host):
        print(cfg, jax.jacfwd(steady_state)(k, load, cfg))
