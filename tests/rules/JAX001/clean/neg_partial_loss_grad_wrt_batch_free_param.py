"""functools.partial fixes the batch; the host only reads the batch's labels, never the weights."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


def _host_class_weights(y):
    counts = np.bincount(np.asarray(y), minlength=3).astype(np.float32)
    return (1.0 / np.maximum(counts, 1.0))[np.asarray(y)]


def weighted_loss(w, *, batch):
    x, y = batch
    cw = jax.pure_callback(_host_class_weights, jax.ShapeDtypeStruct(y.shape, jnp.float32), y)
    logits = x @ w
    return jnp.mean(cw * jnp.sum(logits**2, axis=-1))


batch = (jnp.ones((4, 2)), jnp.array([0, 1, 1, 2]))
print(jax.grad(functools.partial(weighted_loss, batch=batch))(jnp.ones((2, 3))))
