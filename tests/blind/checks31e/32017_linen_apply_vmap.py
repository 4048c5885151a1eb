"""A flax linen MLP applied per example with jax.vmap; the model has a host-side activation probe."""
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_stats = []


def _probe(h):
    a = np.asarray(h)
    _stats.append((a.mean(), a.std()))
    return np.float32(a.mean())


class ProbedMLP(nn.Module):
    hidden: int = 8

    def setup(self):
        self.dense1 = nn.Dense(self.hidden)
        self.dense2 = nn.Dense(1)

    def __call__(self, x):
        h = nn.relu(self.dense1(x))
        io_callback(_probe, jax.ShapeDtypeStruct((), jnp.float32), h, ordered=True)
        return self.dense2(h)


model = ProbedMLP()
params = model.init(jax.random.PRNGKey(0), jnp.ones(3))
batch = jnp.ones((4, 3))
per_example = jax.vmap(lambda x: model.apply(params, x))
print(per_example(batch).shape)
