from functools import partial

import jax
import jax.numpy as jnp


@jax.custom_vjp
def lerp(a, b, t):
    return a + t * (b - a)


def lerp_fwd(a, b, t):
    return lerp(a, b, t), (a, b, t)


def lerp_bwd(res, g, *, pack=tuple):  # EXPECT: JAX014
    a, b, t = res
    grads = [g * (1.0 - t), g * t, g * (b - a)]
    return pack(grads)


lerp.defvjp(lerp_fwd, partial(lerp_bwd, pack=jnp.stack))


def blend_loss(t, a, b):
    return (lerp(a, b, t) - 1.5) ** 2


if __name__ == "__main__":
    print(jax.grad(blend_loss)(jnp.float32(0.1), jnp.float32(0.0), jnp.float32(2.0)))
