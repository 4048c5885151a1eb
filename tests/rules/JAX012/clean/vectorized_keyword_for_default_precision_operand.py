"""The callback's keywords come from a helper that asks for `vectorized=` when the operand is
double precision: the module leaves the x64 flag alone, so `jnp.array([1.0, 2.0])` is float32."""
import jax
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
    return jax.pure_callback(_host_sum, spec, x, **_options(x))


if __name__ == "__main__":
    print(jax.jit(total)(jnp.array([1.0, 2.0])))
