"""`jax.make_jaxpr` only traces `smooth`, but its kernel is computed inside
`jax.ensure_compile_time_eval()` from constants: the callback runs as it is traced, and its
host's `jnp.exp` with it (measured on JAX 0.10.2)"""
import jax
import jax.numpy as jnp
import numpy as np


def kernel_host(offsets):
    return np.asarray(jnp.exp(-np.asarray(offsets) ** 2), dtype=np.float32)  # EXPECT: JAX011


def smooth(x):
    with jax.ensure_compile_time_eval():
        kernel = jax.pure_callback(kernel_host, jax.ShapeDtypeStruct((3,), jnp.float32),
                                   jnp.array([-1.0, 0.0, 1.0]))
    return jnp.convolve(x, kernel / kernel.sum(), mode="same")


if __name__ == "__main__":
    print(jax.make_jaxpr(smooth)(jnp.ones(8, jnp.float32)))
