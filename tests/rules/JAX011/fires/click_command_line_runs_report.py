"""A click group with two commands; the script's command line, a literal list, runs `report`, so
`report`'s io_callback host (which calls `jax.nn.sigmoid`) runs."""
import click
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def log_probs(z):
    print(np.asarray(jax.nn.sigmoid(np.asarray(z))))  # EXPECT: JAX011
    return np.int32(0)


def log_loss(v):
    print(float(np.asarray(v)))
    return np.int32(0)


@click.group()
def cli():
    pass


@cli.command()
@click.option("--steps", default=2, type=int)
def fit(steps):
    f = jax.jit(lambda v: io_callback(log_loss, jax.ShapeDtypeStruct((), jnp.int32), v))
    f(jnp.float32(steps))


@cli.command(name="report")
def report_cmd():
    f = jax.jit(lambda z: io_callback(log_probs, jax.ShapeDtypeStruct((), jnp.int32), z))
    f(jnp.arange(3.0))


if __name__ == "__main__":
    cli.main(["report"], standalone_mode=False)
