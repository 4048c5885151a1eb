"""the loop makes no trip, but its body builds a constant inside
`jax.ensure_compile_time_eval()`: the callback runs as the body is traced, and its host is
handed `vectorized=True` then (measured on JAX 0.10.2)"""
import jax
import jax.numpy as jnp
import numpy as np


def offset_host(v):
    return (np.asarray(v) + 1.0).astype(np.float32)


def body(i, acc):
    with jax.ensure_compile_time_eval():
        bump = jax.pure_callback(offset_host, jax.ShapeDtypeStruct((3,), jnp.float32),  # EXPECT: JAX012
                                 jnp.ones(3, jnp.float32), vectorized=True)
    return acc + bump


if __name__ == "__main__":
    print(jax.lax.fori_loop(0, 0, body, jnp.zeros(3, jnp.float32)))
