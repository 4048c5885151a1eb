"""A weighted sum whose bwd nests the weights' cotangents as the primal's (weights, x) is: one
tuple for the weights, then the input's."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def weighted(weights, x):
    return sum(w * x ** k for k, w in enumerate(weights))


def weighted_fwd(weights, x):
    return weighted(weights, x), (weights, x)


def weighted_bwd(res, g):
    weights, x = res
    n = len(weights)
    gw = tuple(jnp.sum(g * x ** k) for k in range(n))
    gx = g * sum(k * w * x ** (k - 1) for k, w in enumerate(weights) if k)
    return (gw,) + (gx,)


weighted.defvjp(weighted_fwd, weighted_bwd)

w0 = (jnp.float32(1.0), jnp.float32(0.5), jnp.float32(0.25))
print(jax.grad(lambda w: weighted(w, jnp.float32(2.0)))(w0))
