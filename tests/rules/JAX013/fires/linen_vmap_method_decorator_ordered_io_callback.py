"""nn.vmap applied to a module's `__call__` (a lifted method) with per-member parameters:
the Dense output is batched, so the ordered io_callback on it fails."""
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

peaks = []


def _peak(v):
    peaks.append(float(v))


class Members(nn.Module):
    @functools.partial(
        nn.vmap,
        in_axes=None,
        variable_axes={"params": 0},
        split_rngs={"params": True},
        axis_size=3,
    )
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(4)(x)
        io_callback(_peak, None, jnp.max(h), ordered=True)  # EXPECT: JAX013
        return h


model = Members()
x = jnp.ones((2,))
variables = model.init(jax.random.PRNGKey(0), x)
print(model.apply(variables, x).shape)
