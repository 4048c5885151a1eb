"""Particle random walk scanned with lax.scan; a rare-event branch dumps quantiles on the host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

ESCAPE_REPORTS = []
RADIUS = 1.5


def report_escape(t, positions):
    t = int(np.asarray(t))
    pos = np.asarray(positions)
    q = jnp.percentile(jnp.asarray(np.abs(pos)), 90.0)
    ESCAPE_REPORTS.append((t, float(q)))


def walk_step(carry, noise):
    t, pos = carry
    pos = pos + 0.4 * noise
    escaped = jnp.max(jnp.abs(pos)) > RADIUS

    def on_escape(p):
        jax.debug.callback(report_escape, t, p)
        return p * 0.5

    pos = lax.cond(escaped, on_escape, lambda p: p, pos)
    return (t + 1, pos), jnp.mean(pos)


@jax.jit
def simulate(key):
    noise = jax.random.normal(key, (12, 6))
    (_, final), means = lax.scan(walk_step, (jnp.int32(0), jnp.zeros(6)), noise)
    return final, means


def summarize(means):
    m = np.asarray(means)
    return {"drift": float(m[-1] - m[0]), "max": float(m.max())}


if __name__ == "__main__":
    final, means = simulate(jax.random.PRNGKey(7))
    jax.effects_barrier()
    print(summarize(means), len(ESCAPE_REPORTS))
