"""A host routine that declares a keyword-only flag, but spelt differently."""
import jax
import jax.numpy as jnp
import numpy as np


def host_softmax_rows(logits, *, vectorise=True):
    logits = np.asarray(logits)
    if vectorise:
        z = logits - logits.max(axis=-1, keepdims=True)
        e = np.exp(z)
        return (e / e.sum(axis=-1, keepdims=True)).astype(logits.dtype)
    return np.stack([host_softmax_rows(r[None])[0] for r in logits])


def attention_weights(q, k):
    scores = q @ k.T / jnp.sqrt(q.shape[-1])
    return jax.pure_callback(host_softmax_rows, jax.ShapeDtypeStruct(scores.shape, scores.dtype),
                             scores, vectorized=True)


@jax.jit
def attend(q, k, v):
    return attention_weights(q, k) @ v


if __name__ == "__main__":
    q = jnp.eye(2, 3); k = jnp.ones((4, 3)); v = jnp.arange(8.0).reshape(4, 2)
    print(attend(q, k, v))
