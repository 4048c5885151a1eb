"""A host computing with jax.numpy, called inside `ensure_compile_time_eval` on a NumPy array:
it runs even while `eval_shape` only traces."""
import numpy as np
import jax
import jax.numpy as jnp


def norm_host(v):
    return np.float32(jnp.linalg.norm(v))  # EXPECT: JAX011


def scaled(x):
    with jax.ensure_compile_time_eval():
        n = jax.pure_callback(norm_host, jax.ShapeDtypeStruct((), jnp.float32), np.ones(4, np.float32))
    return x / n


print(jax.eval_shape(scaled, jnp.ones(4)))
