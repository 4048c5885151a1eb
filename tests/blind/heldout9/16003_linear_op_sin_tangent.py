# re-expression of https://github.com/jax-ml/jax/issues/30401
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def np_sin(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


@np_sin.defjvp
def _np_sin_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    return np_sin(x), np_sin(dx)


x = jnp.linspace(0.1, 1.0, 4)
print(np_sin(x))
print(jax.jvp(np_sin, (x,), (jnp.ones_like(x),)))
print(jax.grad(lambda x: np_sin(x).sum())(x))
