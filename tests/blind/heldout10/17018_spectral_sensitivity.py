"""Sensitivity of a spectrally filtered field to boundary forcing.

The smoothing operator is an FFT filter run on the host; its tangent map is
the same linear filter.
"""
from dataclasses import dataclass

import numpy as np
import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class FilterSpec:
    cutoff: float = 3.0

    def response(self, n):
        k = np.fft.rfftfreq(n, d=1.0 / n)
        return np.exp(-(k / self.cutoff) ** 2)


class HostFilter:
    def __init__(self, spec: FilterSpec):
        self.spec = spec

    def host(self, x):
        x = np.asarray(x)
        H = self.spec.response(x.shape[-1])
        return np.fft.irfft(np.fft.rfft(x, axis=-1) * H, n=x.shape[-1], axis=-1).astype(np.float32)

    def __call__(self, x):
        return jax.pure_callback(self.host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                 vmap_method="expand_dims")


FILTER = HostFilter(FilterSpec())


@jax.custom_jvp
def filtered(x):
    return FILTER(x)


@filtered.defjvp
def _filtered_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return filtered(x), FILTER(dx)


def forcing_to_field(amplitude, n=32):
    t = jnp.linspace(0.0, 1.0, n)
    raw = amplitude[0] * jnp.exp(-20 * t) + amplitude[1] * jnp.exp(-20 * (1 - t))
    return filtered(raw + 0.1 * jnp.sin(8 * jnp.pi * t))


def energy(field):
    return 0.5 * jnp.sum(field ** 2)


def directional_sensitivity(amplitude, direction):
    f = lambda a: energy(forcing_to_field(a))
    return jax.jvp(f, (amplitude,), (direction,))


def field_jacobian(amplitude):
    return jax.jacfwd(forcing_to_field)(amplitude)


def tabulate(rows):
    for name, val in rows:
        print(f"{name:<20s}{val}")


if __name__ == "__main__":
    amp = jnp.array([1.0, 0.5])
    val, dval = directional_sensitivity(amp, jnp.array([1.0, 0.0]))
    J = field_jacobian(amp)
    lin_out, f_jvp = jax.linearize(forcing_to_field, amp)
    tabulate([
        ("energy", float(val)),
        ("d energy / d a0", float(dval)),
        ("jacobian shape", J.shape),
        ("jacobian norm", float(jnp.linalg.norm(J))),
        ("linearized norm", float(jnp.linalg.norm(f_jvp(jnp.array([0.0, 1.0]))))),
    ])
