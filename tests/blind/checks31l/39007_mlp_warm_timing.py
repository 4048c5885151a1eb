"""Timing study of a small MLP regressor; warm-up passes prime a host-side profiler."""
import time
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class Profiler:
    def __init__(self):
        self.samples = []
        self.detailed = False

    def grad_stats(self, gnorm_sq, layer_sq):
        gnorm_sq = np.asarray(gnorm_sq)
        layer_sq = np.asarray(layer_sq)
        if self.detailed:
            share = np.asarray(jnp.sqrt(layer_sq) / jnp.sqrt(gnorm_sq))
        else:
            share = np.sqrt(layer_sq / gnorm_sq)
        self.samples.append(share)


PROF = Profiler()


def init(key, sizes=(3, 16, 1)):
    ks = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (a, b)) / np.sqrt(a), jnp.zeros(b))
            for k, a, b in zip(ks, sizes[:-1], sizes[1:])]


def forward(params, x):
    for w, b in params[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def loss(params, x, y):
    return jnp.mean((forward(params, x)[:, 0] - y) ** 2)


@jax.jit
def train_step(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    sq = jnp.stack([jnp.sum(w ** 2) for w, _ in g])
    io_callback(PROF.grad_stats, None, sq.sum(), sq, ordered=True)
    return jax.tree_util.tree_map(lambda p, d: p - 0.05 * d, params, g), l


def run(config, x, y, n_warmup=0, n_steps=5):
    params = init(jax.random.PRNGKey(config["seed"]))
    for _ in range(n_warmup):
        PROF.detailed = True
        jax.block_until_ready(train_step(params, x, y))
        PROF.detailed = False
    t0 = time.perf_counter()
    for _ in range(n_steps):
        params, l = train_step(params, x, y)
    return float(l), (time.perf_counter() - t0) / n_steps


if __name__ == "__main__":
    x = jax.random.normal(jax.random.PRNGKey(1), (32, 3))
    y = jnp.sin(x[:, 0]) + 0.5 * x[:, 1]
    for cfg in [{"seed": 0}, {"seed": 1}]:
        l, per_step = run(cfg, x, y)
        print(f"seed {cfg['seed']}: loss {l:.4f}  ({per_step * 1e3:.2f} ms/step)")
    print("profiled steps:", len(PROF.samples))
