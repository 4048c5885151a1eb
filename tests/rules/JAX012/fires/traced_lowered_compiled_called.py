"""`jax.jit(f).trace(x)` only traces, its `lower()` lowers and `compile()` compiles: none runs
the host, but the executable is called, and the host is handed `vectorized=False` then"""
import jax
import jax.numpy as jnp
import numpy as np


def clip_host(x):
    return np.clip(np.asarray(x), 0.0, 1.0).astype(np.float32)


def clipped(x):
    return jax.pure_callback(clip_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,  # EXPECT: JAX012
                             vectorized=False)


if __name__ == "__main__":
    x = jnp.linspace(-1.0, 2.0, 4, dtype=jnp.float32)
    traced = jax.jit(clipped).trace(x)
    executable = traced.lower().compile()
    print(len(traced.jaxpr.eqns), executable(x))
