"""Callback options given as an absl string flag of key=value pairs, parsed by the script
(`filter(None, ...)` drops empty items): the default names the removed `vectorized`, which
JAX hands on to the host."""
import sys

import jax
import jax.numpy as jnp
import numpy as np
from absl import app, flags

FLAGS = flags.FLAGS
flags.DEFINE_string("callback_opts", "vectorized=1,", "key=value options for the callback")
flags.DEFINE_float("scale", 2.0, "scale")


def parse_opts(text):
    out = {}
    for item in filter(None, (s.strip() for s in text.split(","))):
        key, _, raw = item.partition("=")
        out[key] = raw.lower() in {"1", "true"} if raw.lower() in {"0", "1", "true",
                                                                  "false"} else raw
    return out


def host_scale(x, scale):
    return (np.asarray(x) * float(np.asarray(scale))).astype(np.float32)


def scaled(x, opts):
    return jax.pure_callback(host_scale, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             jnp.float32(FLAGS.scale), **opts)


def main(argv):
    del argv
    opts = parse_opts(FLAGS.callback_opts)
    print(jax.jit(lambda x: scaled(x, opts))(jnp.arange(3.0)))


if __name__ == "__main__":
    app.run(main, argv=[sys.argv[0], "--scale=3"])
