import jax
import jax.numpy as jnp


def predict(logits):
    return jax.nn.sigmoid(logits)
