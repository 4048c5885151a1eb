"""Ablation: batching strategy x host-side checkpointing for a Kalman smoother benchmark."""
import itertools
import time
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SNAPSHOTS = []


def _snapshot(m):
    SNAPSHOTS.append(np.asarray(m).copy())
    return np.float32(0.0)


def kalman_filter(obs, q=0.05, r=0.5, checkpoint=False):
    def step(carry, z):
        m, p = carry
        p = p + q
        k = p / (p + r)
        m = m + k * (z - m)
        p = (1 - k) * p
        return (m, p), m
    (m, p), means = jax.lax.scan(step, (0.0, 1.0), obs)
    if checkpoint:
        io_callback(_snapshot, jax.ShapeDtypeStruct((), jnp.float32), m, ordered=True)
    return means


def run_batch(observations, strategy, checkpoint):
    fn = lambda o: kalman_filter(o, checkpoint=checkpoint)
    if strategy == "vmap":
        return jax.vmap(fn)(observations)
    if strategy == "map":
        return jax.lax.map(fn, observations)
    return jnp.stack([fn(o) for o in observations])


def make_observations(n_series=4, length=64, seed=0):
    rng = np.random.default_rng(seed)
    truth = np.cumsum(rng.normal(0, 0.2, (n_series, length)), axis=1)
    return jnp.asarray(truth + rng.normal(0, 0.7, truth.shape), jnp.float32), truth


GRID = list(itertools.product(["loop", "map"], [False, True])) + [("vmap", False)]

if __name__ == "__main__":
    obs, truth = make_observations()
    results = {}
    for strategy, checkpoint in GRID:
        t0 = time.perf_counter()
        est = run_batch(obs, strategy, checkpoint)
        rmse = float(jnp.sqrt(jnp.mean((est - truth) ** 2)))
        results[(strategy, checkpoint)] = (rmse, time.perf_counter() - t0)
    print(f"{'strategy':>8} {'ckpt':>5} {'rmse':>7}")
    for (s, c), (rmse, dt) in results.items():
        print(f"{s:>8} {str(c):>5} {rmse:7.4f}")
    print("snapshots:", len(SNAPSHOTS))
