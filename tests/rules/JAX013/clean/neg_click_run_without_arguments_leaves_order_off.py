"""A click tool whose `--ordered` flag orders its vmapped callback; the script runs the command
as `tally(standalone_mode=False)`, which reads the process's command line: run with no
arguments the flag is off, so the io_callback is unordered."""
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
@click.option("--ordered", is_flag=True)
@click.option("--rows", default=3, type=int)
def tally(ordered, rows):
    def one(x):
        return io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), x,
                           ordered=ordered)
    print(jax.vmap(one)(jnp.arange(float(rows))))


if __name__ == "__main__":
    tally(standalone_mode=False)
