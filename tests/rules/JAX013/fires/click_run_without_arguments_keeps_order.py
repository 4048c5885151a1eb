"""A click tool whose `--in-order/--any-order` switch defaults to ordered; the script runs the
command as `tally()`, which reads the process's command line: run with no arguments the
switch keeps its default, so the vmapped io_callback is ordered."""
import click
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SEEN = []


def _record(x):
    SEEN.append(float(np.asarray(x)))
    return np.float32(x)


@click.command()
@click.option("--in-order/--any-order", default=True)
@click.option("--rows", default=3, type=int)
def tally(in_order, rows):
    def one(x):
        return io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), x,  # EXPECT: JAX013
                           ordered=in_order)
    print(jax.vmap(one)(jnp.arange(float(rows))))


if __name__ == "__main__":
    tally()
