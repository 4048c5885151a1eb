"""Heat-equation stepper with verbosity-controlled host diagnostics."""
import sys

import jax
import jax.numpy as jnp
import numpy as np

VERBOSE = 2
_LOG = []


def say(level, msg):
    if VERBOSE >= level:
        _LOG.append(msg)
        print(msg, file=sys.stderr)


def diagnose(u, t):
    u = np.asarray(u)
    t = float(np.asarray(t))
    say(1, f"t={t:.3f} max={u.max():.4f}")
    if VERBOSE >= 2:
        energy = jnp.sum(jnp.square(u))
        say(2, f"    energy={float(energy):.5f}")
    if VERBOSE >= 3:
        say(3, f"    profile={u.round(3).tolist()}")


def laplacian(u, dx):
    return (jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)) / dx ** 2


def make_stepper(dx, dt, every=2):
    def body(i, u):
        u = u + dt * laplacian(u, dx)
        jax.lax.cond(i % every == 0,
                     lambda: jax.debug.callback(diagnose, u, i * dt),
                     lambda: None)
        return u
    return jax.jit(lambda u: jax.lax.fori_loop(0, 4, body, u))


def analytic_decay(u0, t, k=np.pi):
    """Amplitude of the first Fourier mode after time t."""
    return u0 * np.exp(-(k ** 2) * t)


def total_heat(u, dx):
    return jnp.trapezoid(u, dx=dx)


if __name__ == "__main__":
    grid = jnp.linspace(0, 1, 8)
    u0 = jnp.exp(-((grid - 0.5) ** 2) / 0.02)
    run = make_stepper(dx=1 / 7, dt=1e-3)
    print(run(u0))
    print(analytic_decay(1.0, 4e-3), total_heat(u0, 1 / 7))
