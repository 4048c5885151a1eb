"""A one-argument custom_vjp whose bwd (a lambda) returns the cotangent bare, not in a tuple."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-6))


safe_log.defvjp(
    lambda x: (safe_log(x), x),
    lambda x, g: g / jnp.maximum(x, 1e-6),  # EXPECT: JAX014
)


def objective(x):
    return jnp.sum(safe_log(x))


print(jax.value_and_grad(objective)(jnp.array([1.0, 2.0])))
