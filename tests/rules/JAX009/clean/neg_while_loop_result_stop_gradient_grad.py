"""A while_loop whose result reaches the loss only through lax.stop_gradient (a solver used as a
fixed target): its tangent is never transposed, grad works."""
import jax
import jax.numpy as jnp
from jax import lax


def fixed_point(scale, x0):
    def cond(state):
        it, x = state
        return (it < 20) & (jnp.abs(x - jnp.cos(scale * x)) > 1e-6)

    def body(state):
        it, x = state
        return it + 1, jnp.cos(scale * x)

    _, x = lax.while_loop(cond, body, (0, x0))
    return x


def loss(scale):
    target = lax.stop_gradient(fixed_point(scale, 0.5))
    return (jnp.cos(scale * target) - target) ** 2 + scale ** 2


print(jax.grad(loss)(0.9))
print(jax.value_and_grad(loss)(1.1))
