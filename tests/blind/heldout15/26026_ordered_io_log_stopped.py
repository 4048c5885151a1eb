import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

LOG: list[str] = []


def _write(step, value):
    LOG.append(f"step={int(step):03d} loss={float(value):.6f}")
    return np.int32(len(LOG))


def loss_fn(w, batch, step):
    x, y = batch
    pred = jnp.tanh(x @ w)
    loss = jnp.mean((pred - y) ** 2)
    io_callback(_write, jax.ShapeDtypeStruct((), jnp.int32), step, jax.lax.stop_gradient(loss),
                ordered=True)
    return loss


@jax.jit
def train_step(w, batch, step):
    loss, g = jax.value_and_grad(loss_fn)(w, batch, step)
    return w - 0.1 * g, loss


def main():
    key = jax.random.PRNGKey(1)
    x = jax.random.normal(key, (8, 3))
    y = jnp.sin(x[:, :1])
    w = jnp.zeros((3, 1))
    for step in range(3):
        w, loss = train_step(w, (x, y), step)
    jax.effects_barrier()
    print("\n".join(LOG))


if __name__ == "__main__":
    main()
