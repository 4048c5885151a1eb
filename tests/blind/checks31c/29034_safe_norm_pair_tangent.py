"""A norm that is differentiable at zero, returning the squared norm as well."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_norm(x):
    sq = jnp.sum(x * x)
    return jnp.sqrt(sq), sq


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    norm, sq = safe_norm(x)
    denom = jnp.where(norm > 0, norm, 1.0)
    norm_dot = jnp.where(norm > 0, jnp.vdot(x, x_dot) / denom, 0.0)
    sq_dot = 2.0 * jnp.vdot(x, x_dot)
    return (norm, sq), (norm_dot, sq_dot)


def penalty(v):
    n, _ = safe_norm(v)
    return (n - 1.0) ** 2


print(jax.grad(penalty)(jnp.array([0.6, 0.8, 0.0])))
print(jax.grad(penalty)(jnp.zeros(3)))
