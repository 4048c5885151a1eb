"""Sensor fusion with a host-side recorder whose options are adjusted by a helper."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

RECORD = []
DEFAULT_RECORD_OPTS = {"ordered": False}


def _record(readings):
    RECORD.append(np.asarray(readings).round(3).tolist())
    return np.int32(len(RECORD))


def strict_mode(options):
    # strict mode keeps host records in program order
    options["ordered"] = True
    return options


def record(readings, opts):
    return io_callback(_record, jax.ShapeDtypeStruct((), jnp.int32), readings, **opts)


def fuse(readings, weights, opts):
    fused = jnp.sum(readings * weights) / jnp.sum(weights)
    record(readings, opts)
    return fused


import dataclasses


@dataclasses.dataclass
class RunInfo:
    name: str
    seed: int = 0
    notes: str = ""

    def describe(self):
        extra = f" ({self.notes})" if self.notes else ""
        return f"run {self.name!r} seed={self.seed}{extra}"

    def key(self):
        return jax.random.PRNGKey(self.seed)


if __name__ == "__main__":
    opts = DEFAULT_RECORD_OPTS
    audit_opts = strict_mode(dict(opts))
    print("audit options", audit_opts)
    readings = jnp.array([[1.0, 1.1, 0.9], [2.0, 2.2, 1.9], [0.5, 0.4, 0.6]])
    weights = jnp.array([1.0, 0.5, 2.0])
    fused = jax.vmap(fuse, in_axes=(0, None, None))(readings, weights, opts)
    print(fused, len(RECORD))
