"""A custom_jvp function returns two outputs; its rule's tangent is one `jnp.where(c, x, y)`
(an array, not a pair)."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def clipped_norm(x):
    sq = jnp.sum(x * x)
    return jnp.sqrt(sq), sq


@clipped_norm.defjvp
def clipped_norm_jvp(primals, tangents):  # EXPECT: JAX015
    (x,), (x_dot,) = primals, tangents
    norm, sq = clipped_norm(x)
    norm_dot = jnp.where(norm > 0, jnp.vdot(x, x_dot) / jnp.maximum(norm, 1e-6), 0.0)
    return (norm, sq), norm_dot


def loss(v):
    n, _ = clipped_norm(v)
    return (n - 1.0) ** 2


print(jax.grad(loss)(jnp.array([0.6, 0.8, 0.0])))
