"""dosimetry (absl app): depth-dose lookup with callback options given as a key=value flag."""
import sys

import jax
import jax.numpy as jnp
import numpy as np
from absl import app, flags

FLAGS = flags.FLAGS
flags.DEFINE_float("energy_mev", 6.0, "Beam energy.")
flags.DEFINE_string("callback_opts", "vectorized=1",
                    "Comma-separated key=value options for the host callback.")
flags.DEFINE_multi_float("depths", [1.5, 5.0, 10.0], "Depths in cm.")

PDD_DEPTH = np.array([0.0, 1.5, 5.0, 10.0, 20.0])
PDD_6MV = np.array([45.0, 100.0, 86.0, 67.0, 38.0])


def parse_opts(text: str) -> dict:
    out = {}
    for item in filter(None, (s.strip() for s in text.split(","))):
        key, _, raw = item.partition("=")
        if raw.lower() in {"1", "true", "yes"}:
            out[key] = True
        elif raw.lower() in {"0", "false", "no"}:
            out[key] = False
        else:
            out[key] = raw
    return out


def pdd_host(depth, energy):
    d = np.asarray(depth, dtype=np.float64)
    shift = (float(np.asarray(energy)) - 6.0) * 0.2
    return np.interp(d - shift, PDD_DEPTH, PDD_6MV).astype(np.float32)


def dose_at(depths, energy, monitor_units, opts):
    pdd = jax.pure_callback(pdd_host, jax.ShapeDtypeStruct(depths.shape, jnp.float32),
                            depths, energy, **opts)
    return monitor_units * pdd / 100.0


def main(argv):
    opts = parse_opts(FLAGS.callback_opts)
    depths = jnp.asarray(FLAGS.depths, jnp.float32)
    doses = jax.jit(lambda d, e: dose_at(d, e, 200.0, opts))(depths, jnp.float32(FLAGS.energy_mev))
    for d, v in zip(FLAGS.depths, np.asarray(doses)):
        print(f"{d:5.1f} cm  {v:7.2f} cGy")
    return 0


if __name__ == "__main__":
    app.run(main, argv=[sys.argv[0], "--energy_mev=6.0"])
