"""Batched Mie-like scattering lookups; vmap_method is set, the old flag is also left in."""
import jax
import jax.numpy as jnp
import numpy as np

_SIZE = np.geomspace(0.1, 10.0, 9)
_QEXT = np.array([0.01, 0.05, 0.3, 1.2, 3.1, 3.8, 2.4, 2.1, 2.0])


def extinction_host(size_param):
    size_param = np.asarray(size_param)
    return np.interp(np.log(size_param), np.log(_SIZE), _QEXT).astype(size_param.dtype)


def extinction(size_param):
    return jax.pure_callback(extinction_host,
                             jax.ShapeDtypeStruct(size_param.shape, size_param.dtype),
                             size_param, vmap_method="expand_dims", vectorized=True)


def optical_depth(radii, wavelength, number_density):
    x = 2 * jnp.pi * radii / wavelength
    return jnp.sum(extinction(x) * jnp.pi * radii ** 2 * number_density)


if __name__ == "__main__":
    r = jnp.array([0.1, 0.5, 1.0])
    wl = jnp.array([0.4, 0.55, 0.7])
    print(jax.jit(jax.vmap(optical_depth, in_axes=(None, 0, None)))(r, wl, 1e-3))
