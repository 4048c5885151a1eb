"""Outer custom VJP for a log-barrier whose backward pass differentiates an inner custom-JVP helper."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-12))


@safe_log.defjvp
def safe_log_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    y = safe_log(x)
    return y, [dx / jnp.maximum(x, 1e-12)]


@jax.custom_vjp
def barrier(slack):
    return -jnp.sum(safe_log(slack))


def barrier_fwd(slack):
    return barrier(slack), slack


def barrier_bwd(slack, g):
    inner = jax.grad(lambda s: -jnp.sum(safe_log(s)))(slack)
    return (g * inner,)


barrier.defvjp(barrier_fwd, barrier_bwd)


def objective(x, a, b):
    return jnp.dot(x, x) + 0.1 * barrier(b - a @ x)


a = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
b = jnp.array([2.0, 2.0, 3.0])
print(jax.grad(objective)(jnp.array([0.1, 0.2]), a, b))
