"""A lifted `__call__` whose parameters are shared (variable_axes={'params': None}) and whose
input is not mapped (in_axes=None): the ordered io_callback on the Dense output runs."""
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
        variable_axes={"params": None},
        split_rngs={"params": False},
        axis_size=3,
    )
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(4)(x)
        io_callback(_peak, None, jnp.max(h), ordered=True)
        return h


model = Members()
x = jnp.ones((2,))
variables = model.init(jax.random.PRNGKey(0), x)
print(model.apply(variables, x).shape)
