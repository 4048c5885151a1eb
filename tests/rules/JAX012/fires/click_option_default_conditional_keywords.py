"""A click command's `--batched/--no-batched` switch defaults to True, and the run's argument
list never names it: the factory's conditional options dict then holds the removed
`vectorized=True`, which JAX passes on to the host, which does not take it."""
import click
import jax
import jax.numpy as jnp
import numpy as np


def host_cumsum(x):
    return np.cumsum(np.asarray(x)).astype(np.float32)


def make_op(batched):
    extra = dict(vectorized=True) if batched else {}

    def op(x):
        return jax.pure_callback(host_cumsum, jax.ShapeDtypeStruct(x.shape, jnp.float32),  # EXPECT: JAX012
                                 x, **extra)
    return jax.jit(op)


@click.command()
@click.option("--batched/--no-batched", default=True)
@click.option("--size", default=4, type=int)
def main(batched, size):
    click.echo(make_op(batched)(jnp.arange(size, dtype=jnp.float32)))


if __name__ == "__main__":
    main.main(["--size", "5"], standalone_mode=False)
