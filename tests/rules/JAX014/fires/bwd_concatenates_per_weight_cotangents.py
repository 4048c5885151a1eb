"""A weighted sum whose bwd flattens the weights' cotangents into the outer tuple (one per
weight, then the input's) instead of nesting them as the primal's (weights, x)."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def weighted(weights, x):
    return sum(w * x ** k for k, w in enumerate(weights))


def weighted_fwd(weights, x):
    return weighted(weights, x), (weights, x)


def weighted_bwd(res, g):  # EXPECT: JAX014
    weights, x = res
    n = len(weights)
    gw = tuple(jnp.sum(g * x ** k) for k in range(n))
    gx = g * sum(k * w * x ** (k - 1) for k, w in enumerate(weights) if k)
    return gw + (gx,)


weighted.defvjp(weighted_fwd, weighted_bwd)

w0 = (jnp.float32(1.0), jnp.float32(0.5), jnp.float32(0.25))
print(jax.grad(lambda w: weighted(w, jnp.float32(2.0)))(w0))
