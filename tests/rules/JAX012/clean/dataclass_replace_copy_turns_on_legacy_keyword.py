"""The twin: the options dataclass is copied with `dataclasses.replace(..., legacy=True)`, but the original (`vmap_method=`) is the one handed to pure_callback."""
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
    return jax.pure_callback(_host_softsign, spec, x, **options.keywords())


base = HostOptions(label="softsign")
old_style = dataclasses.replace(base, legacy=True)

if __name__ == "__main__":
    print(softsign(jnp.linspace(-2.0, 2.0, 5), base), old_style.legacy)
