"""Backward rules made in a loop as lambdas repeating the cotangent `(g,) * n`: `n` is read
when JAX calls the rule, after the loop, so the rule of the 2-argument sum returns 3."""
import jax
import jax.numpy as jnp

rules = {}
for n in (2, 3):
    rules[n] = lambda res, g: (g,) * n  # EXPECT: JAX014


@jax.custom_vjp
def add2(a, b):
    return a + b


add2.defvjp(lambda a, b: (a + b, None), rules[2])
print(jax.grad(lambda a, b: jnp.sum(add2(a, b)))(jnp.ones(3), jnp.ones(3)))
