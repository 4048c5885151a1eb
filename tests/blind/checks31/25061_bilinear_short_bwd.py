import jax
import jax.numpy as jnp


@jax.custom_vjp
def bilinear(u, v):
    return jnp.dot(u, v)


def bilinear_fwd(u, v):
    return jnp.dot(u, v), (u, v)


def bilinear_bwd(res, g):
    u, v = res
    return (g * v,)


bilinear.defvjp(bilinear_fwd, bilinear_bwd)


def loss(u, v):
    return bilinear(u, v) ** 2


u = jnp.array([1.0, 2.0])
v = jnp.array([0.5, -1.0])
print(jax.grad(loss)(u, v))
