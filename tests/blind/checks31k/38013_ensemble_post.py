"""Ensemble weather-forecast post-processor configured from an embedded JSON document."""
import argparse
import json
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

DEFAULTS = {"members": 4, "lead_hours": 6, "bias_c": -0.4, "archive_sequential": False}

SITE_CONFIG = """
{
  "site": "harbour-west",
  "lead_hours": 12,
  "archive_sequential": true
}
"""

ARCHIVE = []


def _archive(member_field):
    f = np.asarray(member_field)
    ARCHIVE.append(f.round(2))
    return np.float32(f.mean())


def correct_member(temps, bias, cfg):
    corrected = temps + bias
    mean = io_callback(_archive, jax.ShapeDtypeStruct((), jnp.float32), corrected,
                       ordered=cfg["archive_sequential"])
    return corrected - 0.1 * (corrected - mean)


def load_config(overrides):
    merged = {**DEFAULTS, **json.loads(SITE_CONFIG), **overrides}
    merged["members"] = int(merged["members"])
    return merged


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--members", type=int)
    p.add_argument("--bias-c", type=float, dest="bias_c")
    args = p.parse_args(argv)
    cfg = load_config({k: v for k, v in vars(args).items() if v is not None})
    key = jax.random.key(cfg["members"])
    temps = 12.0 + jax.random.normal(key, (cfg["members"], cfg["lead_hours"]))
    out = jax.vmap(correct_member, in_axes=(0, None, None))(temps, cfg["bias_c"], cfg)
    print(cfg["site"], out.shape, len(ARCHIVE))
    return 0


def _parse_kv(pairs):
    """Turn ["a=1", "b=x"] into {"a": 1, "b": "x"} for ad-hoc overrides."""
    out = {}
    for item in pairs or ():
        key, _, raw = item.partition("=")
        try:
            out[key] = int(raw)
        except ValueError:
            out[key] = raw
    return out


def _banner(name, version="0.1"):
    return f"{name} {version} (jax {jax.__version__})"


if __name__ == "__main__":
    sys.exit(main(["--members", "3"]))
