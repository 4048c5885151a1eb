import jax
import jax.numpy as jnp

from sim import *

if __name__ == "__main__":
    x0 = jax.random.uniform(jax.random.key(3), (6, 2), maxval=4.0)
    (x, v), mean_d = run(x0, jnp.zeros_like(x0))
    print("mean nn distance per step", mean_d)
