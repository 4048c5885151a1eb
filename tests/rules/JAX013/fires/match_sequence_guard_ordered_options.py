"""A `match` on a split delivery string with a capture and a guard picks `ordered=True` for
`**opts`; the writer runs under vmap."""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def dump(x):
    return None


def make_writer(delivery):
    match delivery.split(":"):
        case ["ledger", level] if int(level) >= 2:
            opts = {"ordered": True}
        case ["ledger", *_] | ["stream", *_]:
            opts = {"ordered": False}
        case _:
            raise ValueError(delivery)

    def write(x):
        io_callback(dump, None, x, **opts)  # EXPECT: JAX013
        return x
    return write


if __name__ == "__main__":
    write = make_writer("ledger:3")
    print(jax.vmap(write)(jnp.ones(3)))
