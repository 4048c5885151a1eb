"""Root bracketing for a cubic equation of state; the solver flavour is a static argument."""
import functools
import numpy as np
import jax
import jax.numpy as jnp


def roots_fast(coeffs):
    coeffs = np.asarray(coeffs)
    out = np.empty((coeffs.shape[0],), np.float32)
    for i, c in enumerate(coeffs):
        r = np.roots(c)
        out[i] = np.max(r.real[np.abs(r.imag) < 1e-6])
    return out


def roots_exact(coeffs):
    coeffs = np.asarray(coeffs, dtype=np.float64)
    out = np.empty((coeffs.shape[0],), np.float32)
    for i, c in enumerate(coeffs):
        r = jnp.roots(c, strip_zeros=False)
        r = np.asarray(r)
        out[i] = np.max(r.real[np.abs(r.imag) < 1e-4])
    return out


SOLVERS = {"fast": roots_fast, "exact": roots_exact}


@functools.partial(jax.jit, static_argnames=("mode",))
def molar_volume(pressure, temperature, mode="fast"):
    a, b, R = 0.364, 4.27e-5, 8.314
    c3 = jnp.ones_like(pressure)
    c2 = -(b + R * temperature / pressure)
    c1 = a / pressure * jnp.ones_like(temperature)
    c0 = -a * b / pressure * jnp.ones_like(temperature)
    coeffs = jnp.stack([c3, c2, c1, c0], axis=-1)
    out = jax.ShapeDtypeStruct(pressure.shape, jnp.float32)
    return jax.pure_callback(SOLVERS[mode], out, coeffs)


if __name__ == "__main__":
    p = jnp.array([1e5, 5e5, 1e6], dtype=jnp.float32)
    T = jnp.array([300.0, 320.0, 350.0], dtype=jnp.float32)
    print(molar_volume(p, T))
    print(molar_volume(p, T, mode="exact"))
