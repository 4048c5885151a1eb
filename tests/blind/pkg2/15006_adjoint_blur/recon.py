import jax
import jax.numpy as jnp


def adjoint_of(op, n, dtype=jnp.float32):
    probe = jax.ShapeDtypeStruct((n,), dtype)
    t = jax.linear_transpose(op, probe)
    return lambda y: t(y)[0]


def landweber(op, adj, y, steps=10, tau=0.5):
    x = jnp.zeros_like(y)
    for _ in range(steps):
        x = x + tau * adj(y - op(x))
    return x
