import jax.numpy as jnp
import hostmath as hm


def mode_profile(r, kr, order=1):
    return hm.jv(order, kr * r)


def mode_energy(kr, radii):
    return jnp.sum(mode_profile(radii, kr) ** 2 * radii)
