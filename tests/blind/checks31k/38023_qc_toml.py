"""Quality-control CLI for a bottling line; sharing of the reject counter comes from TOML."""
import argparse
import os
import sys
import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

LINE_TOML = """
[line]
name = "bottling-3"
fill_target_ml = 500.0

[counter]
# "per_crate" gives each crate its own reject counter input
scope = "shared"
"""

REJECTS = []


def _bump_counter(n_bad):
    REJECTS.append(int(np.asarray(n_bad).sum()))
    return np.int32(sum(REJECTS))


def inspect_crate(fills, tolerance, target):
    bad = jnp.sum(jnp.abs(fills - target) > tolerance).astype(jnp.int32)
    return bad


def qc_run(fills, tolerance, target, scope):
    def per_crate(crate_fills, tol):
        bad = inspect_crate(crate_fills, tol, target)
        reported = bad if scope == "per_crate" else jnp.int32(0) * tol.astype(jnp.int32)
        total = io_callback(_bump_counter, jax.ShapeDtypeStruct((), jnp.int32), reported,
                            ordered=True)
        return bad, total
    tol_axis = 0 if scope == "per_crate" else None
    return jax.vmap(per_crate, in_axes=(0, tol_axis))(fills, tolerance)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="qc")
    parser.add_argument("--tolerance", type=float,
                        default=float(os.environ.get("QC_TOLERANCE_ML", "2.5")))
    args = parser.parse_args(argv)
    conf = tomllib.loads(LINE_TOML)
    crates = 3
    fills = conf["line"]["fill_target_ml"] + jnp.arange(crates * 4.0).reshape(crates, 4) - 5.0
    scope = conf["counter"]["scope"]
    tol = jnp.full((crates,), args.tolerance) if scope == "per_crate" else jnp.float32(args.tolerance)
    bad, total = qc_run(fills, tol, conf["line"]["fill_target_ml"], scope)
    print(conf["line"]["name"], bad, total)
    return 0


if __name__ == "__main__":
    sys.exit(main([]))
