"""jvp of a custom_vjp function, spelled through JAX's private modules as JAX's own tests do
(`from jax._src import api`): the same functions as jax.jvp / jax.custom_vjp."""
from jax._src import api
from jax._src.custom_derivatives import custom_vjp
import jax.numpy as jnp


@custom_vjp
def soft_sign(x):
    return x / (1.0 + jnp.abs(x))


def soft_sign_fwd(x):
    return soft_sign(x), x


def soft_sign_bwd(x, g):
    return (g / (1.0 + jnp.abs(x)) ** 2,)


soft_sign.defvjp(soft_sign_fwd, soft_sign_bwd)
print(api.grad(soft_sign)(0.5))
print(api.jvp(soft_sign, (0.5,), (1.0,)))  # EXPECT: JAX005
