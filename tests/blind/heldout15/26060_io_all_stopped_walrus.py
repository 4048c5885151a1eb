import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

records: list[tuple[float, float]] = []


def _audit(payload):
    records.append((float(np.mean(payload["pred"])), float(np.mean(payload["y"]))))
    return np.float32(len(records))


def loss(w, x, y):
    pred = x @ w
    io_callback(_audit, jax.ShapeDtypeStruct((), jnp.float32),
                jax.lax.stop_gradient({"pred": pred, "y": y}))
    return jnp.mean((pred - y) ** 2)


if __name__ == "__main__":
    x = jnp.eye(3)
    y = jnp.array([1.0, 2.0, 3.0])
    w = jnp.zeros(3)
    while (l := loss(w, x, y)) > 0.5:
        w = w - 0.3 * jax.grad(loss)(w, x, y)
    print(f"{l=:.4f}", w, len(records))
