"""an empty setting falls back with `or` to the string "strict" (the operand, not True): the logger is ordered and vmap batches it"""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SETTING = ""
MODE = SETTING or "strict"


def note(v):
    return None


def step(x):
    io_callback(note, None, x, ordered=MODE == "strict")  # EXPECT: JAX013
    return x + 1.0


if __name__ == "__main__":
    print(jax.vmap(step)(jnp.arange(3.0)))
