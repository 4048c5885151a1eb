import jax
import jax.numpy as jnp

import ops
from train import collect

if __name__ == "__main__":
    k1, k2 = jax.random.split(jax.random.key(3))
    params = {"w": jax.random.normal(k1, (ops.OBS_DIM, 2)), "b": jnp.zeros(2)}
    obs_batch = jax.random.normal(k2, (5, ops.OBS_DIM))
    actions, filled = collect(params, obs_batch)
    print(actions, filled, ops.buffer_size())
