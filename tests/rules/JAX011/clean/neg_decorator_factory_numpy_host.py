"""A decorator factory makes NumPy-only functions the hosts of pure_callbacks."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


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
    return np.full(a.shape, scipy.special.logsumexp(a), dtype=np.float32)


print(jax.vmap(log_sum_exp_rows)(jnp.ones((2, 3))))
