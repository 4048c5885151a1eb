"""Backward rules made in a loop as lambdas repeating the cotangent `(g,) * n`, each with
`n` captured as a default when it is made: the 2-argument sum's rule returns 2."""
import jax
import jax.numpy as jnp

rules = {}
for n in (2, 3):
    rules[n] = lambda res, g, n=n: (g,) * n


@jax.custom_vjp
def add2(a, b):
    return a + b


add2.defvjp(lambda a, b: (a + b, None), rules[2])
print(jax.grad(lambda a, b: jnp.sum(add2(a, b)))(jnp.ones(3), jnp.ones(3)))
