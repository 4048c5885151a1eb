"""the compiled executable is called: the host runs and is handed `vectorized=False`"""
import jax
import jax.numpy as jnp
import numpy as np


def clip_host(x):
    return np.clip(np.asarray(x), 0.0, 1.0).astype(np.float32)


def clipped(x):
    return jax.pure_callback(clip_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,  # EXPECT: JAX012
                             vectorized=False)


if __name__ == "__main__":
    spec = jax.ShapeDtypeStruct((4,), jnp.float32)
    compiled = jax.jit(clipped).lower(spec).compile()
    print(compiled(jnp.linspace(-1.0, 2.0, 4, dtype=jnp.float32)))
