"""A module lifted by nn.vmap with in_axes=None and shared parameters: nothing its pure_callback
gets is batched, so it runs without a vmap_method."""
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


def _host_clip(v):
    return np.clip(np.asarray(v), -1.0, 1.0).astype(np.float32)


class Clip(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(3)(x)
        return jax.pure_callback(_host_clip, jax.ShapeDtypeStruct(h.shape, h.dtype), h)


class Copies(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.vmap(
            Clip,
            in_axes=None,
            variable_axes={"params": None},
            split_rngs={"params": False},
            axis_size=2,
        )()(x)


model = Copies()
x = jnp.ones((2,))
variables = model.init(jax.random.PRNGKey(0), x)
print(model.apply(variables, x).shape)
