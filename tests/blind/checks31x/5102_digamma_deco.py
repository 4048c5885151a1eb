"""A decorator with arguments turns a NumPy kernel into a traced function via pure_callback."""
import functools

import numpy as np
import jax
import jax.numpy as jnp


def host_callback(out_dtype=jnp.float32, **cb_kwargs):
    def deco(kernel):
        @functools.wraps(kernel)
        def traced(x):
            spec = jax.ShapeDtypeStruct(x.shape, out_dtype)
            return jax.pure_callback(kernel, spec, x, **cb_kwargs)
        return traced
    return deco


@host_callback(vectorized=True)
def digamma_approx(x):
    arr = np.asarray(x, dtype=np.float64)
    return (np.log(arr) - 0.5 / arr - 1.0 / (12.0 * arr ** 2)).astype(np.float32)


@host_callback(vmap_method="sequential")
def log1p_host(x):
    return np.log1p(np.asarray(x)).astype(np.float32)


def dirichlet_entropy_term(alpha):
    return jnp.sum((alpha - 1.0) * digamma_approx(alpha)) + jnp.sum(log1p_host(alpha))


if __name__ == "__main__":
    alpha = jnp.array([1.5, 2.0, 3.0], dtype=jnp.float32)
    print("term", float(jax.jit(dirichlet_entropy_term)(alpha)))
