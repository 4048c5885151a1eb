import io
import json
import unittest

import numpy as np
import jax
import jax.numpy as jnp
from jax.custom_batching import custom_vmap
from jax.experimental import io_callback


class JsonlSink:
    def __init__(self):
        self.buf = io.StringIO()

    def write(self, step, loss):
        loss = np.atleast_1d(np.asarray(loss))
        for l in loss:
            self.buf.write(json.dumps({"step": int(np.asarray(step)), "loss": float(l)}) + "\n")
        return np.bool_(True)

    def lines(self):
        return [json.loads(l) for l in self.buf.getvalue().splitlines()]


SINK = JsonlSink()


@custom_vmap
def log_loss(step, loss):
    return io_callback(SINK.write, jax.ShapeDtypeStruct((), jnp.bool_), step, loss, ordered=True)


@log_loss.def_vmap
def _log_loss_batched(axis_size, in_batched, step, loss):
    step_b, loss_b = in_batched
    if step_b:
        step = step[0]
    # the whole batch of losses goes to the host in one ordered call
    ok = io_callback(SINK.write, jax.ShapeDtypeStruct((), jnp.bool_), step, loss, ordered=True)
    return ok, False


def sgd_step(w, x, y, step, lr=0.1):
    loss_fn = lambda w: jnp.mean((x @ w - y) ** 2)
    loss, g = jax.value_and_grad(loss_fn)(w)
    log_loss(step, loss)
    return w - lr * g, loss


def regression_data(n=6, d=2, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, d)).astype(np.float32)
    return jnp.asarray(x), jnp.asarray(x @ np.array([1.0, -2.0], np.float32))


class SgdLoggingTest(unittest.TestCase):

    def setUp(self):
        SINK.buf = io.StringIO()
        self.x, self.y = regression_data()

    def test_logs_each_step(self):
        w = jnp.zeros(2)
        step = jax.jit(sgd_step)
        for i in range(3):
            w, _ = step(w, self.x, self.y, i)
        self.assertEqual([r["step"] for r in SINK.lines()], [0, 1, 2])

    def test_restart_sweep(self):
        w0s = jnp.array([[0.0, 0.0], [1.0, -1.0], [0.5, 0.5]])
        sweep = jax.vmap(sgd_step, in_axes=(0, None, None, None))
        ws, losses = sweep(w0s, self.x, self.y, 0)
        self.assertEqual(ws.shape, (3, 2))
        self.assertEqual(len(SINK.lines()), 3)


if __name__ == "__main__":
    unittest.main()
