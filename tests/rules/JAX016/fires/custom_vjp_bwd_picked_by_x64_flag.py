"""The module enables 64-bit mode, then picks its bwd by the flag: the wide bwd wants a third
argument JAX never passes."""
import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp  # noqa: E402


@jax.custom_vjp
def logcosh(r):
    return jnp.log(jnp.cosh(r))


def logcosh_fwd(r):
    return logcosh(r), jnp.tanh(r)


def bwd_narrow(t, g):
    return (g * t,)


def bwd_wide(t, g, dtype):  # EXPECT: JAX016
    return (g * t.astype(dtype),)


logcosh.defvjp(logcosh_fwd, bwd_wide if jax.config.jax_enable_x64 else bwd_narrow)
print(jax.grad(lambda r: jnp.sum(logcosh(r)))(jnp.array([0.5, -1.0])))
