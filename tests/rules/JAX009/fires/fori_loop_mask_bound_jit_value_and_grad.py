"""Inside jit the fori_loop bound computed from a mask argument is traced, so value_and_grad hits a while_loop."""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def masked_energy(x, mask):
    n = jnp.sum(mask).astype(jnp.int32)

    def body(i, acc):
        return acc + x[i] ** 2

    return lax.fori_loop(0, n, body, 0.0)  # EXPECT: JAX009


x = jnp.array([1.0, 2.0, 3.0, 4.0])
mask = jnp.array([1, 1, 1, 0])
print(jax.value_and_grad(masked_energy)(x, mask))
