"""inside `jax.ensure_compile_time_eval()`, but the callback's operand derives from the
traced argument: the call is staged, and `.trace` never runs what it traces, so the host is
never handed `vectorized=True`"""
import jax
import jax.numpy as jnp
import numpy as np


def gain_host(x):
    return (1.0 + np.tanh(np.asarray(x))).astype(np.float32)


def scaled(x):
    with jax.ensure_compile_time_eval():
        gains = jax.pure_callback(gain_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x * 0.5,
                                  vectorized=True)
    return x * gains


if __name__ == "__main__":
    traced = jax.jit(scaled).trace(jnp.zeros((4,), jnp.float32))
    print(len(traced.jaxpr.eqns))
