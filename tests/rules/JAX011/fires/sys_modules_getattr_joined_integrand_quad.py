"""`scipy.integrate.quad` in a host integrates a function looked up with
`getattr(sys.modules[__name__], "_".join(...))` over a module tuple: the name is
`integrand_device`, which computes with jax.numpy, and quad calls it on the host."""
import sys

import jax
import jax.numpy as jnp
import numpy as np
from scipy import integrate

KIND = ("integrand", "device")


def integrand_device(e, beta):
    return float(jnp.exp(-beta * e))  # EXPECT: JAX011


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
