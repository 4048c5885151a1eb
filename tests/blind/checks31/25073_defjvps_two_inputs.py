import jax
import jax.numpy as jnp


@jax.custom_jvp
def logsumexp2(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


logsumexp2.defjvps(
    lambda da, ans, a, b: jnp.exp(a - ans) * da,
    lambda db, ans, a, b: jnp.exp(b - ans) * db,
)

print(jax.grad(logsumexp2, argnums=(0, 1))(1.0, 2.0))
