"""A host computing with jax.numpy, called inside `ensure_compile_time_eval` on the traced
argument: staged as outside it, so `eval_shape` never runs it."""
import numpy as np
import jax
import jax.numpy as jnp


def norm_host(v):
    return np.float32(jnp.linalg.norm(v))


def scaled(x):
    with jax.ensure_compile_time_eval():
        n = jax.pure_callback(norm_host, jax.ShapeDtypeStruct((), jnp.float32), x)
    return x / n


print(jax.eval_shape(scaled, jnp.ones(4)))
