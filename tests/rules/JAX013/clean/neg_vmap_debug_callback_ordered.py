"""jax.debug.callback(ordered=True) under vmap is allowed (it is no io_callback)."""
import jax
import jax.numpy as jnp


def show(v):
    print("value", v)


def step(x):
    jax.debug.callback(show, x, ordered=True)
    return x * 2.0


print(jax.vmap(step)(jnp.arange(3.0)))
