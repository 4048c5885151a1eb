import functools

import numpy as np
import jax
import jax.numpy as jnp


def on_host(out_like):
    def wrap(fn):
        @functools.wraps(fn)
        def traced(x):
            spec = jax.ShapeDtypeStruct(out_like(x).shape, x.dtype)
            return jax.pure_callback(fn, spec, x, vmap_method="sequential")
        return traced
    return wrap


@on_host(lambda x: x)
def gaussian_cdf(x):
    z = np.asarray(x) / np.sqrt(2.0)
    return 0.5 * (1.0 + jax.scipy.special.erf(z))


print(jax.jit(gaussian_cdf)(jnp.array([-1.0, 0.0, 1.0])))
