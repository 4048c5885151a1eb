# shape from: google/flax examples (per-example loss with jax.vmap inside a jitted train_step; scalar metrics reported to a host writer)
"""Per-example losses via vmap inside the train step; only the batch-mean is written to the host."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback


class MetricWriter:
    def __init__(self):
        self.scalars: list[tuple[int, float]] = []

    def write_scalar(self, step, value):
        self.scalars.append((int(np.asarray(step)), float(np.asarray(value))))
        return np.int32(len(self.scalars))


WRITER = MetricWriter()


def per_example_loss(params, x, y):
    logits = x @ params["w"] + params["b"]
    return optax.softmax_cross_entropy_with_integer_labels(logits, y)


@functools.partial(jax.jit, static_argnames=("tx",))
def train_step(params, opt_state, step, x, y, tx):
    def batch_loss(p):
        losses = jax.vmap(per_example_loss, in_axes=(None, 0, 0))(p, x, y)
        return losses.mean()

    loss, grads = jax.value_and_grad(batch_loss)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    io_callback(WRITER.write_scalar, jax.ShapeDtypeStruct((), jnp.int32), step, loss, ordered=True)
    return params, opt_state


if __name__ == "__main__":
    kx, ky = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (8, 4))
    y = jax.random.randint(ky, (8,), 0, 3)
    params = {"w": jnp.zeros((4, 3)), "b": jnp.zeros(3)}
    tx = optax.sgd(0.1)
    opt_state = tx.init(params)
    for step in range(3):
        params, opt_state = train_step(params, opt_state, step, x, y, tx)
    print(WRITER.scalars)
