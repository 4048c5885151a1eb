from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def safe_pow(x, n):
    return jnp.abs(x) ** n


def safe_pow_fwd(x, n):
    return safe_pow(x, n), x


def safe_pow_bwd(n, x, g):
    grad_x = g * n * jnp.sign(x) * jnp.abs(x) ** (n - 1)
    return grad_x, None


safe_pow.defvjp(safe_pow_fwd, safe_pow_bwd)

print(jax.grad(lambda x: safe_pow(x, 3).sum())(jnp.array([-1.0, 2.0])))
