# wrapping a compiled "libkernels" routine from JAX; here the C loop is emulated in numpy
import jax
import jax.numpy as jnp
import numpy as np


def _c_matern52(r, ell):
    # stand-in for a ctypes call: double matern52(const double* r, int n, double ell, double* out)
    r = np.ascontiguousarray(r, dtype=np.float64)
    out = np.empty_like(r)
    for i in range(r.shape[0]):
        s = np.sqrt(5.0) * r[i] / ell
        out[i] = (1.0 + s + s * s / 3.0) * np.exp(-s)
    return out.astype(np.float32)


def matern52(r, ell):
    return jax.pure_callback(
        lambda r_, l_: _c_matern52(r_, float(l_)),
        jax.ShapeDtypeStruct(r.shape, jnp.float32),
        r, ell,
    )


def gram_row(x_i, xs, ell):
    return matern52(jnp.abs(xs - x_i), ell)


xs = jnp.linspace(0.0, 1.0, 5, dtype=jnp.float32)
K = jax.vmap(gram_row, in_axes=(0, None, None))(xs, xs, jnp.float32(0.3))
print(K)
