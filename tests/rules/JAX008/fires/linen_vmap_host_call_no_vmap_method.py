"""A flax linen module lifted by nn.vmap over its input calls pure_callback without a
vmap_method: the lifted vmap batches the operand, and JAX has no batching rule for it."""
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
        return jax.pure_callback(  # EXPECT: JAX008
            _host_clip, jax.ShapeDtypeStruct(h.shape, h.dtype), h
        )


class Rows(nn.Module):
    @nn.compact
    def __call__(self, xs):
        return nn.vmap(
            Clip, in_axes=0, variable_axes={"params": None}, split_rngs={"params": False}
        )()(xs)


model = Rows()
xs = jnp.ones((4, 2))
variables = model.init(jax.random.PRNGKey(0), xs)
print(model.apply(variables, xs).shape)
