"""DP-SGD vs plain SGD on logistic regression; loss logging placement is ablated."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

LOSS_LOG = []


def _log_loss(v):
    LOSS_LOG.append(float(np.asarray(v)))
    return np.float32(0.0)


def example_loss(w, x, y, log=False):
    z = x @ w
    loss = jnp.logaddexp(0.0, z) - y * z
    if log:
        io_callback(_log_loss, jax.ShapeDtypeStruct((), jnp.float32),
                    jax.lax.stop_gradient(loss), ordered=True)
    return loss


def batch_loss(w, X, Y, log=False):
    return jnp.mean(jax.vmap(lambda x, y: example_loss(w, x, y))(X, Y)) if not log \
        else example_loss(w, X.mean(0), Y.mean(), log=True)


def private_grad(w, X, Y, clip, noise, key, log):
    per_ex = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0, None))(w, X, Y, log)
    norms = jnp.linalg.norm(per_ex, axis=1, keepdims=True)
    per_ex = per_ex / jnp.maximum(1.0, norms / clip)
    return per_ex.mean(0) + noise * clip / X.shape[0] * jax.random.normal(key, w.shape)


def train(cfg, X, Y, steps=30, lr=0.5):
    w = jnp.zeros(X.shape[1])
    key = jax.random.PRNGKey(cfg["seed"])
    for _ in range(steps):
        key, sub = jax.random.split(key)
        if cfg["dp"]:
            g = private_grad(w, X, Y, 1.0, cfg["noise"], sub, cfg["log"] == "train")
        else:
            g = jax.grad(batch_loss)(w, X, Y)
        w = w - lr * g
    return w


def evaluate(cfg, w, X, Y):
    return batch_loss(w, X, Y, log=cfg["log"] == "eval")


ABLATIONS = {
    "sgd": {"dp": False, "noise": 0.0, "seed": 0, "log": "eval"},
    "dp-low-noise": {"dp": True, "noise": 0.5, "seed": 0, "log": "eval"},
    "dp-high-noise": {"dp": True, "noise": 2.0, "seed": 1, "log": "eval"},
}

if __name__ == "__main__":
    rng = np.random.default_rng(0)
    X = jnp.asarray(rng.standard_normal((32, 4)), jnp.float32)
    Y = jnp.asarray((rng.standard_normal(32) + np.asarray(X) @ np.array([1.0, -2.0, 0.5, 0.0]) > 0), jnp.float32)
    for name, cfg in ABLATIONS.items():
        w = train(cfg, X, Y)
        print(f"{name:>14}: eval loss {float(evaluate(cfg, w, X, Y)):.4f}")
    print("logged losses:", len(LOSS_LOG))
