"""Adjoint of a linearised smoothing operator, with host-side state snapshots."""
import numpy as np
import jax
import jax.numpy as jnp

SNAPSHOTS = []


def _snapshot(state):
    a = np.asarray(state)
    SNAPSHOTS.append(float(np.linalg.norm(a)))


def diffuse(u, steps=3, nu=0.2):
    def body(u, _):
        lap = jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)
        return u + nu * lap, None
    u, _ = jax.lax.scan(body, u, None, length=steps)
    return u


def observe(u):
    v = diffuse(jnp.tanh(u))
    jax.debug.callback(_snapshot, v)
    return v[::2]


def adjoint_of_observation(u0, w):
    y, lin = jax.linearize(observe, u0)
    adj = jax.linear_transpose(lin, u0)
    (g,) = adj(w)
    return y, g


def dot_test(u0, rng):
    du = jnp.asarray(rng.normal(size=u0.shape), dtype=u0.dtype)
    w = jnp.asarray(rng.normal(size=(u0.shape[0] + 1) // 2), dtype=u0.dtype)
    y, lin = jax.linearize(observe, u0)
    (g,) = jax.linear_transpose(lin, u0)(w)
    return float(jnp.vdot(lin(du), w)), float(jnp.vdot(du, g))


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    u0 = jnp.asarray(rng.normal(size=8), dtype=jnp.float32)
    y, g = adjoint_of_observation(u0, jnp.ones(4, dtype=jnp.float32))
    print("y:", np.round(np.asarray(y), 4))
    print("adjoint:", np.round(np.asarray(g), 4))
    print("dot test:", dot_test(u0, rng))
    print("snapshots:", len(SNAPSHOTS))
