import jax
import jax.numpy as jnp

import hosts
from render import render

if __name__ == "__main__":
    centers = jnp.stack([jnp.linspace(1.0, 4.0, 5), jnp.linspace(1.0, 6.0, 5)], axis=1)
    step = jnp.int32(0)
    frames, brightness = jax.vmap(render, in_axes=(0, None))(centers, step)
    print(frames.shape, brightness, len(hosts.RECORDER.frames))
