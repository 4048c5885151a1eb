"""qc-quantise: quantise strain-gauge records; JSON defaults merged with env and CLI overrides."""
import argparse
import json
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np

DEFAULTS_JSON = """
{
  "bits": 8,
  "full_scale": 2.5,
  "dither": true,
  "seed": 7
}
"""


def load_config(overrides: dict) -> dict:
    cfg = json.loads(DEFAULTS_JSON)
    env = {"dither": os.environ.get("QC_DITHER", "1") == "1"}
    return {**cfg, **env, **{k: v for k, v in overrides.items() if v is not None}}


def _quantise(x: np.ndarray, bits: int, fs: float) -> np.ndarray:
    levels = 2 ** (bits - 1)
    return np.round(np.clip(x / fs, -1, 1) * levels) / levels * fs


def make_host(cfg: dict):
    rng_seed = cfg["seed"]

    def host(record):
        x = np.asarray(record, dtype=np.float32)
        if cfg["dither"]:
            key = jax.random.PRNGKey(rng_seed)
            noise = np.asarray(jax.random.uniform(key, x.shape, minval=-0.5, maxval=0.5))
            x = x + noise * cfg["full_scale"] / 2 ** (cfg["bits"] - 1)
        return _quantise(x, cfg["bits"], cfg["full_scale"]).astype(np.float32)
    return host


def process(cfg: dict, record: jax.Array) -> jax.Array:
    host = make_host(cfg)
    q = jax.pure_callback(host, jax.ShapeDtypeStruct(record.shape, jnp.float32), record)
    return jnp.sqrt(jnp.mean((q - record) ** 2))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="qc-quantise")
    ap.add_argument("--bits", type=int)
    ap.add_argument("--full-scale", dest="full_scale", type=float)
    ap.add_argument("--no-dither", dest="dither", action="store_const", const=False)
    ap.add_argument("--verbose", "-v", action="count", default=0)
    args = ap.parse_args(argv)
    cfg = load_config({k: v for k, v in vars(args).items() if k != "verbose"})
    record = jnp.sin(jnp.linspace(0.0, 6.0, 16, dtype=jnp.float32)) * 2.0
    err = jax.jit(lambda r: process(cfg, r))(record)
    if args.verbose:
        print(json.dumps(cfg, sort_keys=True))
    print("rms quantisation error", round(float(err), 5))
    return 0


if __name__ == "__main__":
    sys.exit(main(["--bits", "6", "-v"]))
