import jax
import jax.numpy as jnp

from optics import refractive_index


def focal_length(wavelength_um, r1=0.05, r2=-0.05):
    n = refractive_index(wavelength_um)
    return 1.0 / ((n - 1.0) * (1.0 / r1 - 1.0 / r2))


if __name__ == "__main__":
    lams = jnp.array([0.45, 0.55, 0.65])
    f = jax.jit(jax.vmap(focal_length))(lams)
    print("focal lengths [m]", f)
