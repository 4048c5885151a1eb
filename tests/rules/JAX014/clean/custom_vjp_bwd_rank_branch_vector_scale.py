"""A bwd that drops the scale's cotangent when the scale is 0-d; the scale here is one per
element, `jnp.array([2.0, 3.0])` (1-d), so the bwd returns both cotangents."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_clip(x, scale):
    return scale * jnp.tanh(x / scale)


def soft_clip_fwd(x, scale):
    return soft_clip(x, scale), (x, scale)


def soft_clip_bwd(res, g):
    x, scale = res
    t = jnp.tanh(x / scale)
    gx = g * (1.0 - t ** 2)
    if scale.ndim == 0:
        return (gx,)
    return gx, g * (t - (x / scale) * (1.0 - t ** 2))


soft_clip.defvjp(soft_clip_fwd, soft_clip_bwd)

if __name__ == "__main__":
    scale = jnp.array([2.0, 3.0])
    print(jax.grad(lambda x: jnp.sum(soft_clip(x, scale)))(jnp.array([0.5, -1.0])))
