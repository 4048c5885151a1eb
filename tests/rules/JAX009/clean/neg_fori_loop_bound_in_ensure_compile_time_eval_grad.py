"""grad of jit whose loop bound is computed from constants under jax.ensure_compile_time_eval(): a concrete bound."""
import jax
import jax.numpy as jnp
from jax import lax

GAMMA = 0.9


@jax.jit
def discounted(theta):
    with jax.ensure_compile_time_eval():
        horizon = jnp.ceil(jnp.log(0.01) / jnp.log(GAMMA)).astype(jnp.int32)
    return lax.fori_loop(0, horizon, lambda t, acc: acc * GAMMA + theta, 0.0)


print(jax.grad(discounted)(1.0))
