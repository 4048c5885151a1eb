"""Residual monitor assembled by a fluent builder; the host computes a norm."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class MonitorBuilder:
    def __init__(self):
        self._backend = "numpy"
        self._every = 1
        self._tag = "res"

    def every(self, n):
        self._every = n
        return self

    def tagged(self, tag):
        self._tag = tag
        return self

    def using(self, backend):
        self._backend = backend
        return self

    def build(self):
        tag, backend = self._tag, self._backend
        seen = []

        def _norm_np(a):
            return float(np.sqrt(np.sum(a * a)))

        def _norm_accel(a):
            return float(jnp.linalg.norm(a))

        norm = _norm_accel if backend == "jax" else _norm_np

        def record(step, residual):
            r = np.asarray(residual)
            k = int(np.asarray(step))
            seen.append((k, norm(r)))
            return np.int32(len(seen))

        def monitor(step, residual):
            return io_callback(record, jax.ShapeDtypeStruct((), jnp.int32), step, residual)

        monitor.history = seen
        monitor.tag = tag
        return monitor


def relax(b, mon, sweeps=4):
    x = jnp.zeros_like(b)
    for k in range(sweeps):
        x = 0.5 * (x + b - 0.1 * x)
        mon(jnp.int32(k), b - x)
    return x


if __name__ == "__main__":
    mon = MonitorBuilder().every(1).using("jax").tagged("jacobi").using("numpy").build()
    sol = relax(jnp.linspace(0.0, 1.0, 5), mon)
    print(mon.tag, [round(v, 4) for _, v in mon.history], sol)
