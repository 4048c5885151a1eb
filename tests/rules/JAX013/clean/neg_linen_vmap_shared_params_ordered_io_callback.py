"""nn.vmap with shared parameters (variable_axes={'params': None}) and in_axes=None batches
nothing the member computes: the ordered io_callback on its Dense output runs."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

peaks = []


def _log_peak(v):
    peaks.append(float(v))


class Member(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(4)(x))
        io_callback(_log_peak, None, jnp.max(h), ordered=True)
        return h


class Repeated(nn.Module):
    @nn.compact
    def __call__(self, x):
        Stacked = nn.vmap(
            Member,
            variable_axes={"params": None},
            split_rngs={"params": False},
            in_axes=None,
            axis_size=3,
        )
        return Stacked()(x).mean(0)


model = Repeated()
x = jnp.ones((2,))
variables = model.init(jax.random.PRNGKey(0), x)
print(model.apply(variables, x))
