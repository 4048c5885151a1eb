"""A custom_jvp function returns two outputs; its rule's tangents are a pair, the first a
`jnp.where(c, x, y)`."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def clipped_norm(x):
    sq = jnp.sum(x * x)
    return jnp.sqrt(sq), sq


@clipped_norm.defjvp
def clipped_norm_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    norm, sq = clipped_norm(x)
    norm_dot = jnp.where(norm > 0, jnp.vdot(x, x_dot) / jnp.maximum(norm, 1e-6), 0.0)
    return (norm, sq), (norm_dot, 2.0 * jnp.vdot(x, x_dot))


def loss(v):
    n, _ = clipped_norm(v)
    return (n - 1.0) ** 2


print(jax.grad(loss)(jnp.array([0.6, 0.8, 0.0])))
