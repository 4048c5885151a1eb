"""Radiative cooling rate; an old code path with the removed keyword is kept but unused."""
import jax
import jax.numpy as jnp
import numpy as np

SIGMA = 5.670374419e-8


def host_emissivity(temp):
    temp = np.asarray(temp)
    return np.clip(0.9 - 1e-4 * (temp - 300.0), 0.5, 0.95).astype(temp.dtype)


def emissivity_legacy(temp):
    # jax < 0.4.34 code path, retained for reference only
    return jax.pure_callback(host_emissivity, jax.ShapeDtypeStruct(temp.shape, temp.dtype), temp,
                             vectorized=True)


def emissivity(temp):
    return jax.pure_callback(host_emissivity, jax.ShapeDtypeStruct(temp.shape, temp.dtype), temp,
                             vmap_method="expand_dims")


@jax.jit
def cooling_rate(temp, area):
    return emissivity(temp) * SIGMA * area * temp ** 4


if __name__ == "__main__":
    print(cooling_rate(jnp.array([300.0, 600.0, 900.0]), 2.0))
