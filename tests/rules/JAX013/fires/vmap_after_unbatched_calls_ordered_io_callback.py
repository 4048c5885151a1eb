"""A helper first called unbatched in several contexts (other widths, jit, grad), then vmapped
with its ordered logging on: JAX refuses the ordered io_callback on the batched rows."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SEEN = []


def note(total):
    SEEN.append(float(total))
    return np.float32(len(SEEN))


def squash(x, width=1.0, log=False):
    y = jnp.tanh(x / width)
    if log:
        io_callback(note, jax.ShapeDtypeStruct((), jnp.float32), y.sum(),  # EXPECT: JAX013
                    ordered=True)
    return y


def main():
    x = jnp.linspace(-1.0, 1.0, 5)
    narrow = squash(x, 0.5)
    wide = squash(x, 2.0)
    wider = squash(x, 4.0)
    widest = squash(x, 6.0)
    fast = jax.jit(squash)(x, 8.0)
    slope = jax.grad(lambda t: squash(t, 3.0).sum())(x)
    print(narrow.sum(), wide.sum(), wider.sum(), widest.sum(), fast.sum(), slope.sum())
    rows = jnp.stack([x, 2.0 * x, 3.0 * x])
    print(jax.vmap(squash, in_axes=(0, None, None))(rows, 1.0, True))


if __name__ == "__main__":
    main()
