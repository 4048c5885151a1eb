"""a class-balance logger's host appends each count to a module-level list and, once the
list holds an entry (from the second step on), counts with jax.numpy: the list it appends to
decides its later runs"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SEEN = []


def log_balance(y):
    y = np.asarray(y)
    if SEEN:
        counts = np.asarray(jnp.histogram(y, bins=3)[0])  # EXPECT: JAX011
    else:
        counts = np.histogram(y, bins=3)[0]
    SEEN.append(counts.tolist())


def loss(w, y):
    io_callback(log_balance, None, y)
    return jnp.mean((w - y) ** 2)


step = jax.jit(jax.value_and_grad(loss))

if __name__ == "__main__":
    w = jnp.zeros(3)
    y = jnp.array([0.0, 0.9, 0.4], dtype=jnp.float32)
    for _ in range(2):
        val, g = step(w, y)
        w = w - 0.1 * g
    print(float(val), SEEN[-1], len(SEEN))
