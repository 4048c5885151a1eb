"""A decorator factory turns the decorated function into the host of a pure_callback."""
import jax
import jax.numpy as jnp
import numpy as np


def host_function(dtype):
    def decorate(fn):
        def traced(x):
            return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, dtype), x,
                                     vmap_method="sequential")
        return traced
    return decorate


@host_function(jnp.float32)
def log_sum_exp_rows(x):
    a = np.asarray(x)
    return np.full(a.shape, jax.scipy.special.logsumexp(a), dtype=np.float32)  # EXPECT: JAX011


print(jax.jit(log_sum_exp_rows)(jnp.array([0.0, 1.0])))
