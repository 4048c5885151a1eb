"""Activation ablation on a tiny regression MLP: one row per activation, timed."""
import time
import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_jvp
def bent_identity(x):
    return (jnp.sqrt(x ** 2 + 1.0) - 1.0) / 2.0 + x


@bent_identity.defjvp
def _bent_identity_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return bent_identity(x), (x / (2.0 * jnp.sqrt(x ** 2 + 1.0)) + 1.0) * t


@jax.custom_jvp
def soft_clip(x):
    return jnp.log1p(jnp.exp(x)) - jnp.log1p(jnp.exp(x - 4.0))


@soft_clip.defjvp
def _soft_clip_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    lo, hi = jax.nn.sigmoid(x), jax.nn.sigmoid(x - 4.0)
    return soft_clip(x), {"lower": lo * t, "upper": -hi * t}


ACTIVATIONS = {
    "relu": jax.nn.relu,
    "gelu": jax.nn.gelu,
    "bent": bent_identity,
    "soft_clip": soft_clip,
}


def init(key, d_in=3, width=12):
    k1, k2 = jax.random.split(key)
    return {"W1": jax.random.normal(k1, (d_in, width)) * 0.5, "b1": jnp.zeros(width),
            "W2": jax.random.normal(k2, (width,)) * 0.5}


def predict(params, x, act):
    return act(x @ params["W1"] + params["b1"]) @ params["W2"]


def run(act_name, X, y, steps=40, lr=0.05, seed=0):
    act = ACTIVATIONS[act_name]
    params = init(jax.random.PRNGKey(seed))
    loss = lambda p: jnp.mean((predict(p, X, act) - y) ** 2)
    step = jax.jit(lambda p: jax.tree_util.tree_map(lambda a, g: a - lr * g, p, jax.grad(loss)(p)))
    for _ in range(steps):
        params = step(params)
    return float(loss(params))


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    X = jnp.asarray(rng.uniform(-2, 2, (64, 3)), jnp.float32)
    y = jnp.sin(X[:, 0]) + 0.5 * X[:, 1] * X[:, 2]
    rows = []
    for name in ["relu", "gelu", "bent"]:
        t0 = time.perf_counter()
        rows.append((name, run(name, X, y), time.perf_counter() - t0))
    for name, l, dt in rows:
        print(f"{name:>10} | loss {l:.4f} | {dt:.2f}s")
