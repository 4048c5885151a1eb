"""64-bit mode is turned on at the top level and off again in `main`, which picks the bwd by
the flag: JAX runs the narrow bwd. The analysis reads a flag only at a module's top level and
only when no function or block sets it, so it does not pick the wide one."""
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


def bwd_wide(t, g, dtype):
    return (g * t.astype(dtype),)


def main():
    jax.config.update("jax_enable_x64", False)
    logcosh.defvjp(logcosh_fwd, bwd_wide if jax.config.jax_enable_x64 else bwd_narrow)
    print(jax.grad(lambda r: jnp.sum(logcosh(r)))(jnp.array([0.5, -1.0])))


main()
