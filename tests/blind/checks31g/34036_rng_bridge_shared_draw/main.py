import jax
import jax.numpy as jnp

from hostrng import STREAM
from noise import perturb

if __name__ == "__main__":
    xs = jnp.arange(12.0).reshape(4, 3)
    noisy = jax.vmap(perturb, in_axes=(0, None))(xs, 0.1)
    print(noisy.shape, STREAM.draws)
