"""A bwd that returns the residual too: three items for two arguments, met by the pullback."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def scale(s, x):
    return s * x


def scale_fwd(s, x):
    return s * x, (s, x)


def scale_bwd(res, g):  # EXPECT: JAX014
    s, x = res
    grads = (jnp.sum(g * x), g * s, res)
    return grads


scale.defvjp(scale_fwd, scale_bwd)

out, pullback = jax.vjp(scale, 2.0, jnp.ones(3))
print(pullback(jnp.ones(3)))
