# shape from: blackjax-devs/blackjax blackjax/progress_bar.py (progress-bar decorator around a scan step, after J. Coullon's blog post)
"""Random-walk Metropolis with a host progress bar, several chains run with vmap."""
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class _Bar:
    def __init__(self, total: int):
        self.total, self.done = total, 0

    def update(self, i):
        self.done = int(np.asarray(i)) + 1
        return np.int32(self.done)


def progress_bar_scan(num_samples: int) -> Callable:
    bar = _Bar(num_samples)

    def decorator(step_fn: Callable) -> Callable:
        def wrapped(carry, iter_num):
            tick = io_callback(bar.update, jax.ShapeDtypeStruct((), jnp.int32), iter_num, ordered=True)
            carry, out = step_fn(carry, iter_num)
            return carry, (out, tick)
        return wrapped

    decorator.bar = bar
    return decorator


def logdensity(x):
    return -0.5 * jnp.sum(x**2)


def rmh_step(key, state, scale=0.5):
    k1, k2 = jax.random.split(key)
    prop = state + scale * jax.random.normal(k1, state.shape)
    accept = jnp.log(jax.random.uniform(k2)) < logdensity(prop) - logdensity(state)
    return jnp.where(accept, prop, state)


def run_chain(key, init, num_samples: int = 8):
    bar = progress_bar_scan(num_samples)

    @bar
    def one_step(carry, i):
        state, key = carry
        key, sub = jax.random.split(key)
        state = rmh_step(sub, state)
        return (state, key), state

    _, (samples, _) = jax.lax.scan(one_step, (init, key), jnp.arange(num_samples))
    return samples


if __name__ == "__main__":
    n_chains = 3
    keys = jax.random.split(jax.random.key(0), n_chains)
    inits = jnp.zeros((n_chains, 2))
    samples = jax.vmap(partial(run_chain, num_samples=8))(keys, inits)
    print(samples.shape)
