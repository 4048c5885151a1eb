"""jacrev of a custom_vjp-wrapped host map: the bwd is vmapped over cotangents and its callback has a vmap_method."""
import jax
import jax.numpy as jnp
import numpy as np


def _np_cumsum(x):
    return np.cumsum(x, axis=-1).astype(np.float32)


def _np_rev_cumsum(g):
    return np.cumsum(g[..., ::-1], axis=-1)[..., ::-1].astype(np.float32)


@jax.custom_vjp
def cumsum(x):
    return jax.pure_callback(_np_cumsum, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


cumsum.defvjp(
    lambda x: (cumsum(x), None),
    lambda _, g: (jax.pure_callback(_np_rev_cumsum, jax.ShapeDtypeStruct(g.shape, g.dtype), g,
                                    vmap_method="expand_dims"),),
)

print(jax.jacrev(cumsum)(jnp.array([1.0, 2.0, 3.0])))
