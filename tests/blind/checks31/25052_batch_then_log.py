import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

seen = []


def _log_batch(losses):
    seen.extend(np.asarray(losses).tolist())


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


@jax.jit
def batch_loss(w, xs, ys):
    losses = jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)
    io_callback(_log_batch, None, losses, ordered=True)
    return losses.mean()


print(batch_loss(jnp.ones(2), jnp.ones((3, 2)), jnp.arange(3.0)))
print(seen)
