"""nn.vmap(..., in_axes=(0, None)) batches the first argument of the lifted module's
`__call__`: an ordered io_callback on it fails, even with shared parameters."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

seen = []


def _log_row(row):
    seen.append(row.tolist())


class Scorer(nn.Module):
    @nn.compact
    def __call__(self, row, bias):
        io_callback(_log_row, None, row, ordered=True)  # EXPECT: JAX013
        return nn.Dense(1)(row) + bias


class BatchScorer(nn.Module):
    @nn.compact
    def __call__(self, rows, bias):
        scorer = nn.vmap(
            Scorer,
            in_axes=(0, None),
            variable_axes={"params": None},
            split_rngs={"params": False},
        )
        return scorer()(rows, bias)


model = BatchScorer()
rows, bias = jnp.ones((4, 3)), jnp.zeros((1,))
params = model.init(jax.random.PRNGKey(0), rows, bias)
print(model.apply(params, rows, bias).shape)
