"""An asyncio service runs the gradient of the function it is given in a worker thread
(`asyncio.to_thread(f, fn, x)` calls `f(fn, x)`): the bwd returns one cotangent for two
arguments."""
import asyncio

import jax
import jax.numpy as jnp


@jax.custom_vjp
def area(w, h):
    return w * h


def area_fwd(w, h):
    return w * h, (w, h)


def area_bwd(res, g):  # EXPECT: JAX014
    w, h = res
    return (g * h,)


area.defvjp(area_fwd, area_bwd)


def grads(fn, w, h):
    return jax.grad(fn, argnums=(0, 1))(w, h)


async def main():
    return await asyncio.to_thread(grads, area, jnp.float32(2.0), jnp.float32(3.0))


print(asyncio.run(main()))
