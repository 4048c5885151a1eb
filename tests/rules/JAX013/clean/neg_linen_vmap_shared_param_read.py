"""A lifted model whose parameters are shared (variable_axes={'params': None}): its input is
batched, but an ordered io_callback on a parameter alone runs."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

offsets = []


def _log_offset(v):
    offsets.append(v.tolist())


class Shift(nn.Module):
    @nn.compact
    def __call__(self, x):
        offset = self.param("offset", nn.initializers.zeros, (3,))
        io_callback(_log_offset, None, offset, ordered=True)
        return x + offset


BatchedShift = nn.vmap(
    Shift, in_axes=0, variable_axes={"params": None}, split_rngs={"params": False}
)
model = BatchedShift()
xs = jnp.ones((5, 3))
variables = model.init(jax.random.PRNGKey(0), xs)
print(model.apply(variables, xs).shape)
