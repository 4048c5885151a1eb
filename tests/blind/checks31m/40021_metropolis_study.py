"""Metropolis sampler study: number of chains x trace recording, several seeds."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

TRACE = []


def _record(x):
    TRACE.append(np.asarray(x).copy())
    return np.float32(0.0)


def log_target(x):
    return -0.5 * jnp.sum((x - 1.0) ** 2 / jnp.array([1.0, 0.25]))


def chain(key, x0, n_steps=200, step=0.5, record=False):
    def body(carry, k):
        x, lp = carry
        k1, k2 = jax.random.split(k)
        prop = x + step * jax.random.normal(k1, x.shape)
        lp_prop = log_target(prop)
        accept = jnp.log(jax.random.uniform(k2)) < lp_prop - lp
        x = jnp.where(accept, prop, x)
        lp = jnp.where(accept, lp_prop, lp)
        return (x, lp), x
    keys = jax.random.split(key, n_steps)
    _, xs = jax.lax.scan(body, (x0, log_target(x0)), keys)
    if record:
        io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), xs[-1, 0], ordered=True)
    return xs


def run_config(cfg, seed):
    key = jax.random.PRNGKey(seed)
    if cfg["chains"] == 1:
        return chain(key, jnp.zeros(2), record=cfg["record"])[None]
    keys = jax.random.split(key, cfg["chains"])
    x0s = jnp.zeros((cfg["chains"], 2))
    return jax.vmap(lambda k, x: chain(k, x, record=cfg["record"]))(keys, x0s)


CONFIGS = [
    {"chains": 1, "record": True},
    {"chains": 4, "record": False},
    {"chains": 4, "record": True},
]

if __name__ == "__main__":
    summary = {}
    for i, cfg in enumerate(CONFIGS):
        for seed in (0, 1):
            draws = run_config(cfg, seed)
            post = draws[:, 50:].reshape(-1, 2)
            summary[(i, seed)] = (np.asarray(post.mean(0)), np.asarray(post.var(0)))
    for (i, seed), (mu, var) in summary.items():
        print(i, seed, np.round(mu, 2), np.round(var, 2))
    print("trace records:", len(TRACE))
