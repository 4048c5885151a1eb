import jax
import jax.numpy as jnp
from sensing import measure

x = jnp.arange(6, dtype=jnp.float32)
y = measure(x)
print("y", y)

measure_T = jax.linear_transpose(measure, x)
(back,) = measure_T(jnp.ones(6, jnp.float32))
print("A^T 1 =", back)
