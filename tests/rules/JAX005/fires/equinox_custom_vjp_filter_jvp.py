"""eqx.filter_jvp (forward mode) over a Module that calls an eqx.filter_custom_vjp host op."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


@eqx.filter_custom_vjp
def host_sqrt(x):
    return jax.pure_callback(lambda v: np.sqrt(v).astype(np.float32),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@host_sqrt.def_fwd
def _fwd(perturbed, x):
    y = host_sqrt(x)
    return y, y


@host_sqrt.def_bwd
def _bwd(y, g, perturbed, x):
    return g / (2.0 * y)


class Radius(eqx.Module):
    center: jax.Array

    def __call__(self, p):
        return host_sqrt(jnp.sum((p - self.center) ** 2))  # EXPECT: JAX005


r = Radius(jnp.zeros(2))
print(eqx.filter_grad(lambda p: r(p))(jnp.array([3.0, 4.0])))
print(eqx.filter_jvp(r, (jnp.array([3.0, 4.0]),), (jnp.array([1.0, 0.0]),)))
