import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.experimental import io_callback

activations = []


def _capture(a):
    activations.append(np.asarray(a).tolist())


class Block(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.width)(x))
        io_callback(_capture, None, h, ordered=True)
        return h


class Ensemble(nn.Module):
    @nn.compact
    def __call__(self, x):
        Stacked = nn.vmap(Block, variable_axes={"params": 0},
                          split_rngs={"params": True}, in_axes=None, axis_size=3)
        return Stacked(4)(x)


model = Ensemble()
x = jnp.ones((2,))
params = model.init(jax.random.PRNGKey(0), x)
print(model.apply(params, x).shape)
