"""Hamiltonian Monte Carlo for a banana-shaped density with a host-side
progress monitor inside the sampling loop."""
import time
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


@dataclass(frozen=True)
class HMCConfig:
    step_size: float = 0.1
    n_leapfrog: int = 10
    n_samples: int = 200
    report_every: int = 50


class ChainState(NamedTuple):
    position: jnp.ndarray
    logp: jnp.ndarray
    accepted: jnp.ndarray


class Monitor:
    def __init__(self):
        self.t0 = time.perf_counter()
        self.rows = []

    def __call__(self, i, position, accepted):
        self.rows.append((int(i), np.asarray(position).round(3).tolist(), int(accepted)))
        return np.int32(len(self.rows))


MONITOR = Monitor()


def log_density(x):
    a, b = 1.0, 2.0
    return -0.5 * (x[0] ** 2 / a ** 2) - 0.5 * (x[1] - b * (x[0] ** 2 - a ** 2)) ** 2


grad_logp = jax.grad(log_density)


def leapfrog(x, p, cfg: HMCConfig):
    def step(_, state):
        x, p = state
        p = p + 0.5 * cfg.step_size * grad_logp(x)
        x = x + cfg.step_size * p
        p = p + 0.5 * cfg.step_size * grad_logp(x)
        return x, p
    return jax.lax.fori_loop(0, cfg.n_leapfrog, step, (x, p))


def hmc_step(state: ChainState, key, cfg: HMCConfig):
    k1, k2 = jax.random.split(key)
    p0 = jax.random.normal(k1, state.position.shape)
    x1, p1 = leapfrog(state.position, p0, cfg)
    logp1 = log_density(x1)
    log_ratio = logp1 - 0.5 * p1 @ p1 - (state.logp - 0.5 * p0 @ p0)
    accept = jnp.log(jax.random.uniform(k2)) < log_ratio
    new = ChainState(jnp.where(accept, x1, state.position),
                     jnp.where(accept, logp1, state.logp),
                     state.accepted + accept.astype(jnp.int32))
    return new


@partial(jax.jit, static_argnums=2)
def run_chain(x0, key, cfg: HMCConfig):
    def body(state, inp):
        i, k = inp
        state = hmc_step(state, k, cfg)
        jax.lax.cond(i % cfg.report_every == 0,
                     lambda s: io_callback(MONITOR, jax.ShapeDtypeStruct((), jnp.int32),
                                           i, s.position, s.accepted, ordered=True),
                     lambda s: jnp.int32(0), state)
        return state, state.position
    keys = jax.random.split(key, cfg.n_samples)
    init = ChainState(x0, log_density(x0), jnp.int32(0))
    final, samples = jax.lax.scan(body, init, (jnp.arange(cfg.n_samples), keys))
    return final, samples


if __name__ == "__main__":
    cfg = HMCConfig()
    final, samples = run_chain(jnp.zeros(2), jax.random.PRNGKey(0), cfg)
    jax.effects_barrier()
    print("acceptance", int(final.accepted) / cfg.n_samples)
    print("mean", np.asarray(samples.mean(0)).round(3))
    print("score at origin", np.asarray(grad_logp(jnp.zeros(2))))
    for row in MONITOR.rows:
        print(row)
