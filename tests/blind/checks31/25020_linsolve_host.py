import numpy as np
import jax
import jax.numpy as jnp


def _solve_host(a, b):
    a = np.asarray(a)
    b = np.asarray(b)
    return np.linalg.solve(a, b).astype(b.dtype)


def solve(a, b):
    out = jax.ShapeDtypeStruct(b.shape, b.dtype)
    return jax.pure_callback(_solve_host, out, a, b, vmap_method="sequential")


a = jnp.eye(3) * 2.0 + 0.1
bs = jnp.arange(6.0).reshape(2, 3)
print(jax.jit(jax.vmap(solve, in_axes=(None, 0)))(a, bs))
