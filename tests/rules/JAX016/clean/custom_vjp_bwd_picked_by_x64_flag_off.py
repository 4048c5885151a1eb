"""The module disables 64-bit mode, then picks its bwd by the flag: the narrow bwd JAX runs
takes the residuals and the cotangent; the wide one, never attached, is not read."""
import jax

jax.config.update("jax_enable_x64", False)

import jax.numpy as jnp  # noqa: E402


@jax.custom_vjp
def logcosh(r):
    return jnp.log(jnp.cosh(r))


def logcosh_fwd(r):
    return logcosh(r), jnp.tanh(r)


def bwd_narrow(t, g):
    return (g * t,)


def bwd_wide(t, g, dtype):
    return (g * t.astype(dtype),)


logcosh.defvjp(logcosh_fwd, bwd_wide if jax.config.jax_enable_x64 else bwd_narrow)
print(jax.grad(lambda r: jnp.sum(logcosh(r)))(jnp.array([0.5, -1.0])))
