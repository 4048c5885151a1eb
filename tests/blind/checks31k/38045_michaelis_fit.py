"""Batch job: fit a Michaelis-Menten model; which arguments are frozen comes from JSON config."""
import argparse
import functools
import json
import sys

import jax
import jax.numpy as jnp

DEFAULTS = {"frozen_args": [2], "learning_rate": 0.05, "iters": 3}
JOB_CONFIG = """{"job": "enzyme-17", "iters": 2, "frozen_args": [2]}"""

SUBSTRATE = jnp.array([0.5, 1.0, 2.0, 4.0, 8.0])
RATE = jnp.array([0.9, 1.5, 2.2, 2.8, 3.1])


def build_rate(frozen):
    @functools.partial(jax.custom_vjp, nondiff_argnums=tuple(frozen))
    def mm_rate(vmax, km, hill):
        return vmax * SUBSTRATE ** hill / (km ** hill + SUBSTRATE ** hill)

    def fwd(vmax, km, hill):
        denom = km ** hill + SUBSTRATE ** hill
        return vmax * SUBSTRATE ** hill / denom, (vmax, km, hill, denom)

    def bwd(*args):
        (vmax, km, hill, denom), g = args[-2], args[-1]
        s = SUBSTRATE ** hill
        dvmax = jnp.sum(g * s / denom)
        dkm = jnp.sum(g * -vmax * s * hill * km ** (hill - 1.0) / denom ** 2)
        return dvmax, dkm

    mm_rate.defvjp(fwd, bwd)
    return mm_rate


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int)
    ap.add_argument("--hill", type=float, default=1.0)
    args = ap.parse_args(argv)
    cfg = {**DEFAULTS, **json.loads(JOB_CONFIG)}
    cfg.update({k: v for k, v in vars(args).items() if v is not None and k in cfg})
    rate = build_rate(cfg["frozen_args"])
    loss = lambda vmax, km: jnp.sum((rate(vmax, km, args.hill) - RATE) ** 2)
    vmax, km = 3.0, 1.0
    for _ in range(cfg["iters"]):
        gv, gk = jax.grad(loss, argnums=(0, 1))(vmax, km)
        vmax, km = vmax - cfg["learning_rate"] * gv, km - cfg["learning_rate"] * gk
    print(cfg["job"], float(vmax), float(km))
    return 0


def _format_rows(rows, headers):
    """Render rows as a fixed-width text table (used by --verbose reporting)."""
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(headers)]
    line = "  ".join(str(h).ljust(w) for h, w in zip(headers, widths))
    body = ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join([line, "-" * len(line), *body])


def _exit_code(ok, warnings=0):
    if not ok:
        return 2
    return 1 if warnings else 0


if __name__ == "__main__":
    sys.exit(main(["--hill", "1.0"]))
