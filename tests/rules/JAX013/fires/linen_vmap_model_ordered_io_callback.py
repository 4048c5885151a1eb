"""A lifted module used as the model itself: its `apply` runs `__call__` under the batch
level, so an ordered io_callback on the batched input fails."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

trace = []


def _trace_input(v):
    trace.append(v.tolist())


class Probe(nn.Module):
    @nn.compact
    def __call__(self, x):
        io_callback(_trace_input, None, x, ordered=True)  # EXPECT: JAX013
        return nn.Dense(2)(x)


BatchedProbe = nn.vmap(
    Probe, in_axes=0, variable_axes={"params": None}, split_rngs={"params": False}
)
model = BatchedProbe()
xs = jnp.ones((5, 3))
variables = model.init(jax.random.PRNGKey(0), xs)
print(model.apply(variables, xs).shape)
