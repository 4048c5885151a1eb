"""a memoised opacity table's host (a base-class method) stores each row through
`self._store`, which puts it on the device with jax.device_put; the script only ever makes
the subclass (through the base's classmethod factory), which stores a NumPy copy, so the
JAX version never runs"""
import jax
import jax.numpy as jnp
import numpy as np


class OpacityTable:
    def __init__(self, freqs):
        self.freqs = np.asarray(freqs, dtype=np.float64)
        self._memo = {}

    def _store(self, key, row):
        self._memo[key] = jax.device_put(row)

    def host(self, temps):
        rows = []
        for t in np.asarray(temps, dtype=np.float64):
            key = round(float(t), 1)
            if key not in self._memo:
                self._store(key, self.freqs / t)
            rows.append(np.asarray(self._memo[key]))
        return np.stack(rows).astype(np.float32)

    def __call__(self, temps):
        spec = jax.ShapeDtypeStruct((temps.shape[0], self.freqs.shape[0]), jnp.float32)
        return jax.pure_callback(self.host, spec, temps)

    @classmethod
    def default(cls):
        return cls(np.linspace(0.5, 4.0, 6))


class HostOpacityTable(OpacityTable):
    def _store(self, key, row):
        self._memo[key] = np.array(row, copy=True)


if __name__ == "__main__":
    table = HostOpacityTable.default()
    tau = jax.jit(lambda t: jnp.cumsum(table(t), axis=0))(jnp.linspace(1.0, 3.0, 4))
    print(np.round(np.asarray(tau[-1]), 3), len(table._memo))
