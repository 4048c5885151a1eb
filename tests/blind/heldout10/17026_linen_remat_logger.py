"""Flax linen MLP with rematerialised layers and host-side activation logging."""
from typing import Sequence

import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.experimental import io_callback

ACTIVATION_LOG = []


def _log_stats(tag, mean, std):
    ACTIVATION_LOG.append((int(tag), float(mean), float(std)))


class LoggedDense(nn.Module):
    features: int
    tag: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features)(x)
        y = nn.relu(y)
        stats = jax.lax.stop_gradient(jnp.stack([y.mean(), y.std()]))
        io_callback(_log_stats, None, self.tag, stats[0], stats[1])
        return y


RematDense = nn.remat(LoggedDense)


class Net(nn.Module):
    widths: Sequence[int]

    @nn.compact
    def __call__(self, x):
        for i, w in enumerate(self.widths):
            x = RematDense(w, tag=i)(x)
        return nn.Dense(1)(x)[..., 0]


def make_data(n=16, d=4, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, d)).astype(np.float32)
    y = (x ** 2).sum(-1).astype(np.float32)
    return jnp.asarray(x), jnp.asarray(y)


def create_state(model, x, lr=1e-2):
    params = model.init(jax.random.PRNGKey(0), x)
    tx = optax.adam(lr)
    return params, tx, tx.init(params)


def train_step(model, tx):
    @jax.jit
    def step(params, opt_state, x, y):
        def loss_fn(p):
            return jnp.mean((model.apply(p, x) - y) ** 2)
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state, loss
    return step


def save_results(path, **arrays):
    import json
    import os
    payload = {k: np.asarray(v).tolist() for k, v in arrays.items()}
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as fh:
        json.dump(payload, fh, indent=2)
    return path


def relative_error(a, b, eps=1e-12):
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    return float(np.linalg.norm(a - b) / (np.linalg.norm(b) + eps))


if __name__ == "__main__":
    x, y = make_data()
    model = Net(widths=(16, 16))
    params, tx, opt_state = create_state(model, x)
    print("forward", float(model.apply(params, x).mean()))
    step = train_step(model, tx)
    for i in range(3):
        params, opt_state, loss = step(params, opt_state, x, y)
        print(i, float(loss))
    print(len(ACTIVATION_LOG), "log entries")
