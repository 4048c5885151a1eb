"""`jax.tree.map` over a dict with one array channel among None ones: the mapped function
runs on that leaf, and its `pure_callback`'s host gets `vectorized=` and raises."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_clip(channel):
    return np.clip(np.asarray(channel), -1.0, 1.0).astype(np.float32)


def _clip_channel(ch):
    spec = jax.ShapeDtypeStruct(ch.shape, jnp.float32)
    return jax.pure_callback(_host_clip, spec, ch, vectorized=True)  # EXPECT: JAX012


@jax.jit
def _preprocess(obs):
    return jax.tree.map(_clip_channel, obs)


if __name__ == "__main__":
    obs = {"left": None, "right": [jnp.arange(3.0), (None,)]}
    print(jax.tree.structure(_preprocess(obs)))
