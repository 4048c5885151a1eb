import numpy as np
from functools import partial
import jax
import jax.numpy as jnp


@jax.custom_vjp
def gelu_approx(x, alpha):
    return x * jax.nn.sigmoid(alpha * x)


gelu_approx.defvjp(lambda x: (gelu_approx(x, 1.702), x),
                   lambda x, g: (g * (jax.nn.sigmoid(1.702 * x) * (1 + 1.702 * x * (1 - jax.nn.sigmoid(1.702 * x)))), None))


def mlp(params, x):
    h = gelu_approx(x @ params["w1"], 1.702)
    return h @ params["w2"]


@partial(jax.jit, static_argnames=("mode",))
def run_step(params, x, y, mode):
    loss_fn = lambda p: jnp.mean((mlp(p, x) - y) ** 2)
    with jax.named_scope(mode):
        if mode == "train":
            loss, grads = jax.value_and_grad(loss_fn)(params)
            params = jax.tree.map(lambda a, b: a - 0.01 * b, params, grads)
            return params, loss
        return params, loss_fn(params)


def moving_average(values, window=3):
    """Trailing moving average of a plain Python sequence."""
    out, acc = [], 0.0
    for i, v in enumerate(values):
        acc += float(v)
        if i >= window:
            acc -= float(values[i - window])
        out.append(acc / min(i + 1, window))
    return out


def format_row(cells, width=10):
    return " | ".join(str(c)[:width].ljust(width) for c in cells)


class Stopwatch:
    """Tiny wall-clock timer used for the run summary."""

    def __init__(self):
        import time
        self._time = time.perf_counter
        self.marks = {}

    def mark(self, name):
        self.marks[name] = self._time()
        return self

    def since(self, name):
        return self._time() - self.marks.get(name, self._time())


if __name__ == "__main__":
    k1, k2 = jax.random.split(jax.random.PRNGKey(2))
    params = {"w1": jax.random.normal(k1, (3, 4)) * 0.5, "w2": jax.random.normal(k2, (4, 1)) * 0.5}
    x = jnp.ones((5, 3))
    y = jnp.zeros((5, 1))
    params, loss = run_step(params, x, y, mode="train")
    print(float(loss))
    print(format_row(moving_average([1, 2, 3, 4])))
    print("elapsed %.3fs" % Stopwatch().mark("end").since("end"))
