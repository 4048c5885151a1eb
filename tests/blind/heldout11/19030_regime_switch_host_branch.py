# Models: piecewise constitutive law selected with lax.switch; the plastic branch uses a host-side (numpy) return-mapping routine; stress gradient via jax.grad
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

E, SIGMA_Y, H = 200.0, 1.0, 20.0


def _return_map(strain):
    s = np.asarray(strain)
    return (np.sign(s) * (SIGMA_Y + H * (np.abs(s) - SIGMA_Y / E))).astype(s.dtype)


def elastic(eps):
    return E * eps


def plastic(eps):
    return jax.pure_callback(_return_map, jax.ShapeDtypeStruct(eps.shape, eps.dtype), eps,
                             vmap_method="sequential")


def unloading(eps):
    return 0.5 * E * eps


def regime_index(eps):
    mag = jnp.abs(eps)
    return jnp.where(mag < SIGMA_Y / E, 0, jnp.where(eps > 0, 1, 2)).astype(jnp.int32)


def stress(eps):
    return lax.switch(regime_index(eps), (elastic, plastic, unloading), eps)


def strain_energy(eps_path):
    stresses = jax.vmap(stress)(eps_path)
    return jnp.sum(stresses * jnp.gradient(eps_path))


if __name__ == "__main__":
    path = jnp.array([0.001, 0.002, 0.003, 0.004], jnp.float32)
    print(strain_energy(path))
    tangent_mod = jax.grad(stress)(jnp.float32(0.001))
    print(tangent_mod)
