"""the release is parsed digit by digit by a helper (a loop, a join of a generator, `digits or 0`): no JAX is past 99.0.0 yet, so the logger is unordered and vmap batches it freely"""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def _release(text):
    parts = []
    for piece in text.split(".")[:3]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts)


ORDERED = _release(jax.__version__) >= (99, 0, 0)


def note(v):
    return None


def step(x):
    io_callback(note, None, x, ordered=ORDERED)
    return x + 1.0


if __name__ == "__main__":
    print(jax.vmap(step)(jnp.arange(3.0)))
