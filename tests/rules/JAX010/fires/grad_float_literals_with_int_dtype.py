"""Float literals cast to an integer dtype by `dtype=`: the array is integer, jax.grad rejects it."""
import jax
import jax.numpy as jnp
import numpy as np


def loss(x):
    return jnp.sum(x ** 2)


print(jax.grad(loss)(np.array([1.0, 2.0], dtype=np.float32)))
x = np.array([1.0, 2.0], dtype=np.int32)
print(jax.grad(loss)(x))  # EXPECT: JAX010
