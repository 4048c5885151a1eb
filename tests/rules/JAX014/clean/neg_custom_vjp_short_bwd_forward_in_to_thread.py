"""An asyncio service evaluates the function it is given in a worker thread
(`asyncio.to_thread(f, fn, x)` calls `f(fn, x)`): nothing differentiates it, so its short
bwd never runs."""
import asyncio

import jax
import jax.numpy as jnp


@jax.custom_vjp
def area(w, h):
    return w * h


def area_fwd(w, h):
    return w * h, (w, h)


def area_bwd(res, g):
    w, h = res
    return (g * h,)


area.defvjp(area_fwd, area_bwd)


def value(fn, w, h):
    return fn(w, h)


async def main():
    return await asyncio.to_thread(value, area, jnp.float32(2.0), jnp.float32(3.0))


print(asyncio.run(main()))
