"""nn.vmap(..., in_axes=(0, None)) leaves the second argument unbatched: an ordered
io_callback on it runs."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

biases = []


def _log_bias(b):
    biases.append(b.tolist())


class Scorer(nn.Module):
    @nn.compact
    def __call__(self, row, bias):
        io_callback(_log_bias, None, bias, ordered=True)
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
