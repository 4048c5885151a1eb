"""A bwd that drops the scale's cotangent when the scale is a Python scalar (`np.ndim(scale)
== 0`): called with a scalar scale, JAX gets one cotangent for two arguments. Only the branch
taken counts: the other `return` is right."""
import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_clip(x, scale):
    return scale * jnp.tanh(x / scale)


def soft_clip_fwd(x, scale):
    return soft_clip(x, scale), (x, scale)


def soft_clip_bwd(res, g):  # EXPECT: JAX014
    x, scale = res
    t = jnp.tanh(x / scale)
    gx = g * (1.0 - t ** 2)
    if np.ndim(scale) == 0:
        return (gx,)
    return gx, g * (t - (x / scale) * (1.0 - t ** 2))


soft_clip.defvjp(soft_clip_fwd, soft_clip_bwd)
print(jax.grad(lambda x: jnp.sum(soft_clip(x, 2.0)))(jnp.array([0.5, -1.0])))
