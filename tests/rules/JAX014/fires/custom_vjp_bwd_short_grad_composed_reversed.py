"""`compose(jit, grad)` applies its transforms right to left through `reduce` over
`reversed(...)`: grad runs the bwd, which returns one cotangent for two arguments."""
import functools

import jax
import jax.numpy as jnp


def compose(*transforms):
    return lambda fn: functools.reduce(lambda acc, t: t(acc), reversed(transforms), fn)


@jax.custom_vjp
def area(w, h):
    return w * h


def area_fwd(w, h):
    return w * h, (w, h)


def area_bwd(res, g):  # EXPECT: JAX014
    w, h = res
    return (g * h,)


area.defvjp(area_fwd, area_bwd)

loss_grad = compose(jax.jit, functools.partial(jax.grad, argnums=(0, 1)))(area)
print(loss_grad(jnp.float32(2.0), jnp.float32(3.0)))
