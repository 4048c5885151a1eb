"""Per-reading audit trail for a small sensor calibration pipeline."""
import json
import os
import tempfile

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

WORKDIR = tempfile.mkdtemp(prefix="calib_")
AUDIT_PATH = os.path.join(WORKDIR, "audit.jsonl")

GAIN = jnp.array([1.02, 0.98, 1.00, 1.01])
OFFSET = jnp.array([0.1, -0.05, 0.0, 0.02])


def _append_audit(reading):
    reading = np.asarray(reading)
    with open(AUDIT_PATH, "a") as fh:
        fh.write(json.dumps({"mean": float(reading.mean()), "n": int(reading.size)}) + "\n")


def calibrate(reading):
    """Calibrate one reading (shape (4,)) or a stack of readings (shape (n, 4))."""
    if reading.ndim > 1:
        return jax.vmap(calibrate)(reading)
    corrected = reading * GAIN + OFFSET
    io_callback(_append_audit, None, corrected, ordered=True)
    return corrected


def drift(corrected, ref):
    return jnp.mean((corrected - ref) ** 2)


@jax.jit
def score(readings, ref):
    return drift(calibrate(readings), ref)


def summarise(path):
    if not os.path.exists(path):
        return 0, float("nan")
    with open(path) as fh:
        rows = [json.loads(line) for line in fh]
    return len(rows), sum(r["mean"] for r in rows) / max(len(rows), 1)


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    ref = jnp.zeros(4)
    readings = jnp.asarray(rng.normal(size=(4,)), dtype=jnp.float32)
    value = score(readings, ref)
    print("drift", float(value))
    print("audit rows", summarise(AUDIT_PATH))
