"""The host path is switched by an environment variable with a default of "0"; the
string is tested for truthiness directly. Per-sample features are batched with vmap."""
import os
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special

USE_SCIPY = os.environ.get("USE_SCIPY_I0", "0")


def bessel_i0e(x):
    if USE_SCIPY:
        return jax.pure_callback(lambda a: special.i0e(a).astype(a.dtype),
                                 jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jax.scipy.special.i0e(x)


def von_mises_logpdf(theta, mu, kappa):
    return kappa * (jnp.cos(theta - mu) - 1.0) - jnp.log(2 * jnp.pi * bessel_i0e(kappa))


if __name__ == "__main__":
    thetas = jnp.array([0.1, 0.5, 2.0, -1.0])
    kappas = jnp.array([0.5, 1.0, 2.0, 4.0])
    print("flag", repr(USE_SCIPY))
    print(jax.vmap(von_mises_logpdf, in_axes=(0, None, 0))(thetas, 0.0, kappas))
