"""An absl app whose `--in_order` flag defaults to True: `app.run(main)` with no word on the
command line leaves the default, so the vmapped io_callback is ordered and vmap refuses it."""
import jax
import jax.numpy as jnp
import numpy as np
from absl import app, flags
from jax.experimental import io_callback

FLAGS = flags.FLAGS
flags.DEFINE_boolean("in_order", True, "write the ledger in acquisition order")
flags.DEFINE_integer("frames", 3, "frames to synthesise")

LEDGER = []


def ledger_write(total):
    LEDGER.append(float(np.asarray(total)))
    return np.asarray(total, dtype=np.float32)


def frame_total(frame):
    return io_callback(ledger_write, jax.ShapeDtypeStruct((), jnp.float32), frame.sum(),  # EXPECT: JAX013
                       ordered=FLAGS.in_order)


def main(argv):
    del argv
    print(jax.vmap(frame_total)(jnp.ones((FLAGS.frames, 4))), len(LEDGER))


if __name__ == "__main__":
    app.run(main)
