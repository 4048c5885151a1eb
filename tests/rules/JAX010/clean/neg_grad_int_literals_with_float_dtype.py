"""Integer literals cast by `dtype=` (np.array / np.asarray / jnp.asarray, keyword or positional): float inputs, grad works."""
import jax
import jax.numpy as jnp
import numpy as np


def weighted_loss(weights, counts):
    return jnp.sum(weights * counts) ** 2


weights = np.array([0, 0, 1], dtype=np.float32)
counts = np.array([2, 3, 4])
print(jax.value_and_grad(weighted_loss)(weights, counts))
print(jax.grad(weighted_loss)(np.asarray([1, 2, 3], "float32"), counts))
print(jax.grad(weighted_loss)(jnp.asarray([1, 2, 3], dtype=float), counts))
