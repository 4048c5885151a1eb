"""jax.grad of a `@jax.jit`-decorated function: grad outside, jit inside."""
import jax
import jax.numpy as jnp
import numpy as np


def host_square_root_sum(v):
    return np.asarray(np.sqrt(np.sum(np.asarray(v) ** 2)), dtype=np.float32)


@jax.jit
def norm(v):
    return jax.pure_callback(host_square_root_sum, jax.ShapeDtypeStruct((), v.dtype), v)  # EXPECT: JAX001


print(jax.grad(norm)(jnp.array([3.0, 4.0])))
