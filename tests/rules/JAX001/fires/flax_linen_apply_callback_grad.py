"""A flax linen module with a host (numpy) normalization in __call__; jax.grad of model.apply over params."""
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


def _np_rms_normalize(h):
    return (h / np.sqrt(np.mean(h ** 2, axis=-1, keepdims=True) + 1e-6)).astype(np.float32)


class HostNormMLP(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.features)(x)
        h = jax.pure_callback(_np_rms_normalize, jax.ShapeDtypeStruct(h.shape, h.dtype), h)  # EXPECT: JAX001
        return nn.Dense(1)(nn.relu(h)).squeeze(-1)


model = HostNormMLP()
x = jnp.array([[1.0, 2.0], [0.5, -1.0]])
y = jnp.array([0.3, -0.2])
params = model.init(jax.random.PRNGKey(0), x)


def loss_fn(params):
    return jnp.mean((model.apply(params, x) - y) ** 2)


grads = jax.grad(loss_fn)(params)
print(jax.tree_util.tree_map(jnp.shape, grads))
