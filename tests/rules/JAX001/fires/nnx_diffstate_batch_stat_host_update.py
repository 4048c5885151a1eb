"""nnx.grad told to differentiate BatchStats too: a host callback on the running mean fails."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx


def host_smooth(m):
    return (0.9 * np.asarray(m)).astype(np.float32)


class Normalizer(nnx.Module):
    def __init__(self, d):
        self.scale = nnx.Param(jnp.ones(d))
        self.mean = nnx.BatchStat(jnp.zeros(d))

    def __call__(self, x):
        smoothed = jax.pure_callback(  # EXPECT: JAX001
            host_smooth, jax.ShapeDtypeStruct(self.mean.shape, jnp.float32), self.mean[...]
        )
        return (x - smoothed) * self.scale[...]


def loss_fn(model, x):
    return jnp.mean(model(x) ** 2)


model = Normalizer(3)
x = jnp.array([[0.1, 0.2, 0.3], [1.0, 0.5, -0.2]])
wrt_stats = nnx.DiffState(0, nnx.Any(nnx.Param, nnx.BatchStat))
grads = nnx.grad(loss_fn, argnums=wrt_stats)(model, x)
print(grads)
