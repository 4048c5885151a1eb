"""A dataclass subclass redeclares an inherited field with a `default_factory=` that builds
options with `vectorized=`; the instance, given only the base's first field, gets them, and JAX
0.10 passes the keyword on to the host."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class Options:
    vectorized: object = None

    def as_kwargs(self):
        return {} if self.vectorized is None else {"vectorized": self.vectorized}


@dataclass
class Site:
    name: str
    options: Options = field(default_factory=Options)


@dataclass
class LegacySite(Site):
    options: Options = field(default_factory=lambda: Options(vectorized=True))


def host(x):
    return (np.asarray(x) * 3.0).astype(np.float32)


def measure(site, x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host, spec, x, **site.options.as_kwargs())  # EXPECT: JAX012


if __name__ == "__main__":
    site = LegacySite("north")
    print(jax.jit(lambda x: measure(site, x))(jnp.ones(3)))
