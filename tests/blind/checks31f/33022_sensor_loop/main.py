import jax.numpy as jnp

import plant
from plant.noise import NumpyGaussian

plant.configure(NumpyGaussian(seed=0, scale=0.05))

if __name__ == "__main__":
    x_final, ys = plant.simulate(jnp.array([1.0, -1.0]))
    print(x_final, ys.shape)
