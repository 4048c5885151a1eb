"""Heat-diffusion sweep whose tracing behaviour lives in a frozen config.

`TraceConfig` is immutable; variants are derived with dataclasses.replace.
"""
import dataclasses
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

LOG = []


def host_log(total):
    LOG.append(float(np.asarray(total)))


@dataclasses.dataclass(frozen=True)
class TraceConfig:
    name: str = "diffusion"
    sequential_log: bool = False
    steps: int = 3

    def strict(self):
        return dataclasses.replace(self, sequential_log=True)


def make_stepper(cfg, alpha=0.2):
    def step(u):
        lap = jnp.roll(u, 1) + jnp.roll(u, -1) - 2.0 * u
        u = u + alpha * lap
        io_callback(host_log, None, jnp.sum(u), ordered=cfg.sequential_log)
        return u
    return step


def evolve(u0, cfg):
    step = make_stepper(cfg)
    u = u0
    for _ in range(cfg.steps):
        u = step(u)
    return u


def initial_profiles(n_profiles=2, n=8):
    xs = jnp.linspace(0.0, 1.0, n)
    widths = jnp.linspace(0.1, 0.3, n_profiles)
    return jnp.exp(-((xs[None, :] - 0.5) ** 2) / widths[:, None])


def main():
    base = TraceConfig()
    audited = base.strict()
    print("configs:", base, audited)
    profiles = initial_profiles()
    cfg = audited
    out = jax.vmap(lambda u: evolve(u, cfg))(profiles)
    print(np.asarray(out).round(3), len(LOG))


if __name__ == "__main__":
    main()
