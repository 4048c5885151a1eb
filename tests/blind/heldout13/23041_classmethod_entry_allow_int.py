"""Classmethod / staticmethod entry points on a physics helper; the integer shell count is
passed along but only the radii are differentiated (argnums default), and a second check
uses allow_int."""
import jax
import jax.numpy as jnp


class ShellModel:
    @staticmethod
    def shell_energy(r, k):
        return jnp.sum(jnp.exp(-k * r) / (1.0 + r))

    @classmethod
    def energy(cls, radii, n_shells):
        ks = 1.0 + jnp.arange(4) * 0.5
        mask = jnp.arange(4) < n_shells
        return jnp.sum(jnp.where(mask, jax.vmap(lambda k: cls.shell_energy(radii, k))(ks), 0.0))

    @classmethod
    def forces(cls, radii, n_shells):
        return -jax.grad(cls.energy)(radii, n_shells)


if __name__ == "__main__":
    radii = jnp.array([0.9, 1.4, 2.2])
    n = jnp.array(3)
    print(ShellModel.forces(radii, n))
    g_r, g_n = jax.grad(ShellModel.energy, argnums=(0, 1), allow_int=True)(radii, n)
    print(g_r, g_n.dtype)
