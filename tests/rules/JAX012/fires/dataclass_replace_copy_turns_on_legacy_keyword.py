"""A frozen options dataclass copied with `dataclasses.replace(..., legacy=True)`; the copy's keywords (`vectorized=True`) reach pure_callback, whose host does not take them."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass(frozen=True)
class HostOptions:
    legacy: bool = False
    label: str = "erf"

    def keywords(self):
        if self.legacy:
            return {"vectorized": True}
        return {"vmap_method": "expand_dims"}


def _host_softsign(x):
    x = np.asarray(x)
    return (x / (1.0 + np.abs(x))).astype(np.float32)


def softsign(x, options):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(_host_softsign, spec, x, **options.keywords())  # EXPECT: JAX012


base = HostOptions(label="softsign")
old_style = dataclasses.replace(base, legacy=True)

if __name__ == "__main__":
    print(softsign(jnp.linspace(-2.0, 2.0, 5), old_style))
