"""Callback options assembled by a helper before wiring up a host Bessel evaluation."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def host_j0(r):
    r = np.asarray(r)
    return special.j0(r).astype(np.float32)


def with_batching_defaults(opts):
    """Fill in what older code paths expected."""
    opts.setdefault("vmap_method", "sequential")
    opts.setdefault("vectorized", True)
    return opts


def make_mode_shape(opts):
    def shape(r):
        return jax.pure_callback(host_j0, jax.ShapeDtypeStruct(r.shape, jnp.float32), r,
                                 **opts)
    return shape


def drum_displacement(r, t, shape):
    return shape(2.405 * r) * jnp.cos(2.405 * t)


def first_zero():
    return float(special.jn_zeros(0, 1)[0])


def radial_energy(r, shape_values):
    return jnp.trapezoid(shape_values ** 2 * r, r)


def modal_frequency(tension, density, radius, zero=2.405):
    """Fundamental frequency of a circular membrane."""
    return zero / (2 * np.pi * radius) * np.sqrt(tension / density)


if __name__ == "__main__":
    opts = {"vmap_method": "expand_dims"}
    with_batching_defaults(opts)
    shape = make_mode_shape(opts)
    r = jnp.linspace(0.0, 1.0, 5, dtype=jnp.float32)
    print(jax.jit(lambda r: drum_displacement(r, 0.3, shape))(r))
    print(first_zero(), radial_energy(r, jnp.cos(r)))
