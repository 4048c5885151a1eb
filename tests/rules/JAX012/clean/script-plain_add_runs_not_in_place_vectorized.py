"""`acc = acc + batch` calls `__add__`, never `__iadd__`: the `vectorized=` only `__iadd__`
forwards to the shared helper never reaches the host."""
import jax
import jax.numpy as jnp
import numpy as np


def host_sum(values):
    return np.float32(np.asarray(values).sum())


class Total:
    def __init__(self, value=0.0):
        self.value = value

    def _summed(self, batch, **opts):
        return jax.pure_callback(host_sum, jax.ShapeDtypeStruct((), jnp.float32), batch,
                                 **opts)

    def __add__(self, batch):
        return Total(self.value + self._summed(batch))

    def __iadd__(self, batch):
        self.value = self.value + self._summed(batch, vectorized=False)
        return self


def collect(batches):
    acc = Total()
    for b in batches:
        acc = acc + b
    return acc


if __name__ == "__main__":
    print(collect([jnp.ones(3), jnp.arange(3.0)]).value)
