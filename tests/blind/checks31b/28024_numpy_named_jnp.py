import numpy as jnp
import jax


def host_softplus(z):
    z = jnp.asarray(z)
    return jnp.log1p(jnp.exp(z)).astype(z.dtype)


def smooth(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_softplus, spec, x, vmap_method="sequential")


xs = jax.numpy.linspace(-1.0, 1.0, 5)
print(jax.jit(smooth)(xs))
print(jax.vmap(smooth)(xs.reshape(5, 1)))
