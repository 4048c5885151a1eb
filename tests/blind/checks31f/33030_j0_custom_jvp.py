# shape from: JAX docs, "External callbacks" (jax.pure_callback + custom_jvp for scipy.special.j1)
"""Bessel J0 / J1 from SciPy with a custom JVP, so it can be differentiated."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def _check_finite(values, name):
    if not np.all(np.isfinite(values)):
        raise FloatingPointError(f"{name} produced non-finite values")
    return values


def _scipy_j1(x):
    x = np.asarray(x)
    return _check_finite(scipy.special.j1(x), "j1").astype(x.dtype)


def _scipy_j0(x):
    x = np.asarray(x)
    return _check_finite(scipy.special.j0(x), "j0").astype(x.dtype)


def j1(x):
    return jax.pure_callback(_scipy_j1, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def j0(x):
    return jax.pure_callback(_scipy_j0, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@j0.defjvp
def _j0_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    slope = jnp.where(jnp.isfinite(x), -j1(x), 0.0)
    return j0(x), slope * x_dot


if __name__ == "__main__":
    x = jnp.linspace(0.0, 5.0, 6)
    print("j0", j0(x))
    print("d j0", jax.vmap(jax.grad(j0))(x))
