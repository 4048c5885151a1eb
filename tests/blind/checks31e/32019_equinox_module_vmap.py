"""Equinox linear layer whose forward pass writes each example's logits to a host buffer."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_buffer = []


def _stash(logits):
    _buffer.append(np.asarray(logits).copy())
    return np.asarray(logits, dtype=np.float32)


class Head(eqx.Module):
    weight: jax.Array
    bias: jax.Array

    def __init__(self, key, n_in, n_out):
        self.weight = 0.1 * jax.random.normal(key, (n_out, n_in))
        self.bias = jnp.zeros(n_out)

    def __call__(self, x):
        logits = self.weight @ x + self.bias
        return io_callback(_stash, jax.ShapeDtypeStruct(logits.shape, logits.dtype), logits,
                           ordered=True)


head = Head(jax.random.PRNGKey(1), 4, 3)
xs = jnp.ones((5, 4))
probs = jax.nn.softmax(jax.vmap(head)(xs), axis=-1)
print(probs.shape)
