"""`scipy.integrate.quad` in a host integrates a function looked up with
`getattr(sys.modules[__name__], "_".join(...))` over a module tuple: the name is
`integrand_host`, NumPy only (near miss: the jax.numpy integrand is never looked up)."""
import sys

import jax
import jax.numpy as jnp
import numpy as np
from scipy import integrate

KIND = ("integrand", "host")


def integrand_device(e, beta):
    return float(jnp.exp(-beta * e))


def integrand_host(e, beta):
    return float(np.exp(-beta * e))


def host_partition(betas):
    b = np.asarray(betas, dtype=np.float64)
    f = getattr(sys.modules[__name__], "_".join(KIND))
    return np.asarray([integrate.quad(f, 0.0, 5.0, args=(v,))[0] for v in b], dtype=np.float32)


def partition(betas):
    return jax.pure_callback(host_partition, jax.ShapeDtypeStruct(betas.shape, betas.dtype),
                             betas)


if __name__ == "__main__":
    print(np.round(np.asarray(jax.jit(partition)(jnp.array([0.5, 1.0]))), 4))
