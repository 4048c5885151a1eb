"""an equinox module's static field declared `eqx.field(static=True, default=True)` but given False: the probe is unordered"""
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
        io_callback(sink, None, y, ordered=self.ordered)
        return y


if __name__ == "__main__":
    probe = Probe(jnp.float32(2.0), False)
    print(eqx.filter_vmap(probe)(jnp.arange(3.0)))
