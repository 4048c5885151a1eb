"""The callback-options flag defaults to the removed `vectorized`, but the written command
line sets it to `vmap_method=sequential`: the host is called with no unknown keyword."""
import sys

import jax
import jax.numpy as jnp
import numpy as np
from absl import app, flags

FLAGS = flags.FLAGS
flags.DEFINE_string("callback_opts", "vectorized=1,", "key=value options for the callback")


def parse_opts(text):
    out = {}
    for item in filter(None, (s.strip() for s in text.split(","))):
        key, _, raw = item.partition("=")
        out[key] = True if raw == "1" else raw
    return out


def host_double(x):
    return (np.asarray(x) * 2).astype(np.float32)


def doubled(x, opts):
    return jax.pure_callback(host_double, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, **opts)


def main(argv):
    del argv
    opts = parse_opts(FLAGS.callback_opts)
    print(jax.jit(lambda x: doubled(x, opts))(jnp.arange(3.0)))


if __name__ == "__main__":
    app.run(main, argv=[sys.argv[0], "--callback_opts=vmap_method=sequential"])
