"""Option pricing batch: jobs run in a thread pool; each job picks a callback caller by name."""
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from scipy.stats import norm

CALLERS = {
    "plain": jax.pure_callback,
    "batched": partial(jax.pure_callback, vectorized=True),
    "looped": partial(jax.pure_callback, vmap_method="sequential"),
}


def bs_call_host(spot, strike, vol, t):
    s, k = np.asarray(spot, np.float64), np.asarray(strike, np.float64)
    v, tt = float(np.asarray(vol)), float(np.asarray(t))
    d1 = (np.log(s / k) + 0.5 * v * v * tt) / (v * np.sqrt(tt))
    d2 = d1 - v * np.sqrt(tt)
    return (s * norm.cdf(d1) - k * norm.cdf(d2)).astype(np.float32)


def make_pricer(caller_name: str):
    caller = CALLERS[caller_name]
    pricer = partial(caller, bs_call_host)

    @jax.jit
    def price(spot, strikes, vol, t):
        out = jax.ShapeDtypeStruct(strikes.shape, jnp.float32)
        return pricer(out, jnp.broadcast_to(spot, strikes.shape), strikes, vol, t)
    return price


JOBS = [
    ("equity-desk", "plain", 100.0),
    ("fx-desk", "batched", 1.1),
]


def run_job(job):
    name, caller, spot = job
    strikes = jnp.asarray(np.array([0.9, 1.0, 1.1]) * spot, jnp.float32)
    prices = make_pricer(caller)(jnp.float32(spot), strikes, jnp.float32(0.2), jnp.float32(0.5))
    return name, np.round(np.asarray(prices), 4).tolist()


if __name__ == "__main__":
    with ThreadPoolExecutor(max_workers=2) as pool:
        for name, prices in pool.map(run_job, JOBS):
            print(name, prices)
