import io
import json
import unittest

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback
from functools import partial


class JsonlSink:
    def __init__(self):
        self.buf = io.StringIO()

    def write(self, step, loss):
        self.buf.write(json.dumps({"step": int(np.asarray(step)), "loss": float(np.asarray(loss))}) + "\n")
        return np.bool_(True)

    def lines(self):
        return [json.loads(l) for l in self.buf.getvalue().splitlines()]


def make_logger(sink):
    return partial(io_callback, sink.write, jax.ShapeDtypeStruct((), jnp.bool_), ordered=True)


def make_sgd_step(logger):
    def sgd_step(w, x, y, step, lr=0.1):
        loss_fn = lambda w: jnp.mean((x @ w - y) ** 2)
        loss, g = jax.value_and_grad(loss_fn)(w)
        logger(step, loss)
        return w - lr * g, loss
    return sgd_step


def regression_data(n=6, d=2, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, d)).astype(np.float32)
    return jnp.asarray(x), jnp.asarray(x @ np.array([1.0, -2.0], np.float32))


class SgdLoggingTest(unittest.TestCase):

    def setUp(self):
        self.sink = JsonlSink()
        self.step_fn = make_sgd_step(make_logger(self.sink))
        self.x, self.y = regression_data()

    def test_logs_each_step(self):
        w = jnp.zeros(2)
        step = jax.jit(self.step_fn)
        for i in range(3):
            w, _ = step(w, self.x, self.y, i)
        self.assertEqual([r["step"] for r in self.sink.lines()], [0, 1, 2])

    def test_loss_decreases(self):
        w, l0 = self.step_fn(jnp.zeros(2), self.x, self.y, 0)
        _, l1 = self.step_fn(w, self.x, self.y, 1)
        self.assertLess(float(l1), float(l0))

    def test_restart_sweep(self):
        w0s = jnp.array([[0.0, 0.0], [1.0, -1.0], [0.5, 0.5]])
        sweep = jax.vmap(self.step_fn, in_axes=(0, None, None, None))
        ws, losses = sweep(w0s, self.x, self.y, 0)
        self.assertEqual(ws.shape, (3, 2))


if __name__ == "__main__":
    unittest.main()
