"""Fit the screening length of a Yukawa-like 2D potential using the modified Bessel K0."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special as sps


def k0_host(x):
    return np.asarray(sps.k0(x), dtype=x.dtype)


def bessel_k0(x):
    return jax.pure_callback(k0_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


def screened_potential(r, lam, q=1.0):
    return q * bessel_k0(r / lam)


r_obs = jnp.linspace(0.2, 3.0, 12)
v_obs = 0.9 * jnp.asarray(sps.k0(np.asarray(r_obs) / 0.7), dtype=jnp.float32)


@jax.jit
def loss(lam):
    resid = screened_potential(r_obs, lam) - v_obs
    return jnp.mean(resid ** 2)


lam = 1.0
print("loss", loss(lam))
for it in range(3):
    g = jax.grad(loss)(lam)
    lam = lam - 0.1 * g
    print(it, lam)
