"""A bwd that builds its tuple of cotangents in a loop: the code does not show a wrong one."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def total(a, b, c):
    return a + 2.0 * b + 3.0 * c


def total_fwd(a, b, c):
    return total(a, b, c), None


def total_bwd(_, g):
    grads = []
    for k in (1.0, 2.0, 3.0):
        grads.append(k * g)
    return tuple(grads)


total.defvjp(total_fwd, total_bwd)

print(jax.grad(total, argnums=(0, 1, 2))(1.0, 1.0, 1.0))
