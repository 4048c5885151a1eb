"""Sparse attention experiments: sparsemax-style projection with a hand-written backward."""
import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_vjp
def tempered_simplex(z, temperature):
    return jax.nn.softmax(z / temperature)


def _ts_fwd(z, temperature):
    p = jax.nn.softmax(z / temperature)
    return p, (p, temperature)


def _ts_bwd(res, g):
    p, temperature = res
    inner = g - jnp.sum(g * p, axis=-1, keepdims=True)
    return p * inner / temperature


tempered_simplex.defvjp(_ts_fwd, _ts_bwd)


def attend(params, q, k, v, temperature):
    scores = (q @ params["Wq"]) @ (k @ params["Wk"]).T
    w = jax.vmap(lambda s: tempered_simplex(s, temperature))(scores)
    return w @ v


def loss_fn(params, batch, temperature):
    q, k, v, target = batch
    return jnp.mean((attend(params, q, k, v, temperature) - target) ** 2)


def run(cfg, batch, steps=10):
    key = jax.random.PRNGKey(cfg["seed"])
    k1, k2 = jax.random.split(key)
    params = {"Wq": jax.random.normal(k1, (4, 4)) * 0.3, "Wk": jax.random.normal(k2, (4, 4)) * 0.3}
    temp = jnp.float32(cfg["temperature"])
    if cfg["phase"] == "train":
        for _ in range(steps):
            g = jax.grad(loss_fn)(params, batch, temp)
            params = jax.tree_util.tree_map(lambda p, d: p - 0.2 * d, params, g)
    return float(loss_fn(params, batch, temp))


SWEEP = [
    {"temperature": 0.5, "seed": 0, "phase": "eval"},
    {"temperature": 1.0, "seed": 0, "phase": "eval"},
    {"temperature": 2.0, "seed": 1, "phase": "eval"},
    {"temperature": 1.0, "seed": 2, "phase": "train"},
]

if __name__ == "__main__":
    rng = np.random.default_rng(10)
    q, k, v = (jnp.asarray(rng.standard_normal((6, 4)), jnp.float32) for _ in range(3))
    target = jnp.asarray(rng.standard_normal((6, 4)), jnp.float32)
    results = {}
    for cfg in SWEEP:
        results[(cfg["temperature"], cfg["seed"], cfg["phase"])] = run(cfg, (q, k, v, target))
    for key, val in sorted(results.items()):
        print(key, round(val, 4))
