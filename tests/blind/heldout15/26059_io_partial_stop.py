import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

records: list[tuple[float, float]] = []


def _audit(pred, target):
    records.append((float(np.mean(pred)), float(np.mean(target))))
    return np.float32(len(records))


def loss(w, x, y):
    pred = x @ w
    io_callback(_audit, jax.ShapeDtypeStruct((), jnp.float32), pred, jax.lax.stop_gradient(y))
    return jnp.mean((pred - y) ** 2)


if __name__ == "__main__":
    x = jnp.eye(3)
    y = jnp.array([1.0, 2.0, 3.0])
    w = jnp.zeros(3)
    for _ in range(2):
        w = w - 0.3 * jax.grad(loss)(w, x, y)
    print(w, records)
