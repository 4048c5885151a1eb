"""The callback's keywords come from a helper that asks for `vectorized=` when the operand is
double precision: with `jax_enable_x64` on, `jnp.array([1.0, 2.0, 3.0])` is float64."""
import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp
import numpy as np


def _host_sum(v):
    v = np.asarray(v)
    return np.asarray(np.sum(v, dtype=np.float64), dtype=v.dtype)


def _options(x):
    if x.dtype == jnp.float64:
        return {"vectorized": False}
    return {}


def total(x):
    spec = jax.ShapeDtypeStruct((), x.dtype)
    return jax.pure_callback(_host_sum, spec, x, **_options(x))  # EXPECT: JAX012


if __name__ == "__main__":
    print(jax.jit(total)(jnp.array([1.0, 2.0, 3.0])))
