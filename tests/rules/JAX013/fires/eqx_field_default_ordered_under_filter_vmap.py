"""an equinox module's static field declared `eqx.field(static=True, default=True)` and not given: the probe is ordered, and filter_vmap batches it"""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def sink(v):
    return None


class Probe(eqx.Module):
    scale: jax.Array
    ordered: bool = eqx.field(static=True, default=True)

    def __call__(self, x):
        y = x * self.scale
        io_callback(sink, None, y, ordered=self.ordered)  # EXPECT: JAX013
        return y


if __name__ == "__main__":
    probe = Probe(jnp.float32(2.0))
    print(eqx.filter_vmap(probe)(jnp.arange(3.0)))
