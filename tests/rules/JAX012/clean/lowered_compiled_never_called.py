"""`vectorized=` reaches the host only when it runs: the script lowers and compiles the
jitted function and reads the compiled text, never calling the executable, so no TypeError"""
import jax
import jax.numpy as jnp
import numpy as np


def clip_host(x):
    return np.clip(np.asarray(x), 0.0, 1.0).astype(np.float32)


def clipped(x):
    return jax.pure_callback(clip_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vectorized=False)


if __name__ == "__main__":
    spec = jax.ShapeDtypeStruct((4,), jnp.float32)
    compiled = jax.jit(clipped).lower(spec).compile()
    print(compiled.as_text().count("custom_call"))
