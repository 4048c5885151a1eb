"""Gauss-Kronrod quadrature of a host-evaluated integrand over many
intervals.  lax.map keeps memory bounded; batch_size trades a little
memory for fewer host round-trips."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from scipy import integrate, special


def _interval_integral(ab):
    a, b = float(ab[0]), float(ab[1])
    val, _ = integrate.quad(lambda t: special.j0(t) * np.exp(-0.1 * t), a, b)
    return np.float32(val)


def integrate_interval(ab):
    return jax.pure_callback(_interval_integral, jax.ShapeDtypeStruct((), jnp.float32), ab)


def cumulative_integral(edges, batch_size=None):
    intervals = jnp.stack([edges[:-1], edges[1:]], axis=1)
    pieces = lax.map(integrate_interval, intervals, batch_size=batch_size)
    return jnp.cumsum(pieces)


if __name__ == "__main__":
    edges = jnp.linspace(0.0, 10.0, 9)
    print(cumulative_integral(edges))
    print(cumulative_integral(edges, batch_size=4))
