import jax
import jax.numpy as jnp
import optax


def logits_fn(w, x):
    return x @ w


def xent(w, x, labels):
    return optax.softmax_cross_entropy_with_integer_labels(logits_fn(w, x), labels).mean()
