"""jit's static_argnums also covers the parameter when a caller passes it by keyword, so the
fori_loop bound stays a Python int and value_and_grad works."""
import jax
import jax.numpy as jnp


def _smooth(x, sweeps):
    def sweep(i, v):
        return 0.5 * v + 0.25 * (jnp.roll(v, 1) + jnp.roll(v, -1))

    return jax.lax.fori_loop(0, sweeps, sweep, x)


smooth = jax.jit(_smooth, static_argnums=1)


def energy(x):
    return jnp.sum(smooth(x, sweeps=3) ** 2)


print(jax.value_and_grad(energy)(jnp.arange(5.0)))
