import jax
import jax.numpy as jnp

config = {"n_particles": 4, "box": 3.0, "cutoff": 1.5}


def pair_energy(pos, box=config["box"]):
    d = pos[:, None] - pos[None, :]
    d = d - box * jnp.round(d / box)
    r2 = d ** 2 + jnp.eye(pos.shape[0])
    return 0.5 * jnp.sum(jnp.where(r2 < config["cutoff"] ** 2, 1.0 / r2, 0.0))


def site_energies(pos):
    return jax.vmap(lambda i: pair_energy(jnp.roll(pos, i)))(jnp.arange(pos.shape[0]))


def main():
    positions = jnp.arange(config["n_particles"])  # lattice sites 0..n-1
    print("E =", pair_energy(positions))
    forces = -jax.jacrev(site_energies)(positions)
    print(forces)


if __name__ == "__main__":
    main()
