"""Tangent probes for a softened absolute value used in a TV denoiser.

The custom derivative journals the tangents it propagates, so a
directional-derivative check can be replayed from the host log.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_tangents = []


def _probe(t):
    _tangents.append(np.asarray(t).copy())
    return np.float32(0.0)


@jax.custom_jvp
def soft_abs(x):
    return jnp.sqrt(x * x + 1e-3)


@soft_abs.defjvp
def _soft_abs_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    y = soft_abs(x)
    io_callback(_probe, jax.ShapeDtypeStruct((), jnp.float32), dx, ordered=True)
    return y, x / y * dx


def tv(u):
    return jnp.sum(soft_abs(jnp.diff(u)))


def energy(u, f, lam=0.2):
    return 0.5 * jnp.sum((u - f) ** 2) + lam * tv(u)


def directional_check(u, f):
    direction = jnp.ones_like(u) / u.size
    return jax.jacfwd(energy)(u, f) @ direction


def signal(n=6, seed=2):
    rng = np.random.default_rng(seed)
    clean = np.repeat([0.0, 1.0], n // 2)
    return jnp.asarray(clean + 0.1 * rng.normal(size=n), jnp.float32)


if __name__ == "__main__":
    f = signal()
    u = f * 0.9
    d = directional_check(u, f)
    print("directional derivative", float(d), "tangent probes", len(_tangents))
