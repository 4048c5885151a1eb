import functools
import io

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class CsvWriter:
    def __init__(self):
        self.buf = io.StringIO()

    def row(self, *vals):
        self.buf.write(",".join(f"{v:.5f}" for v in vals) + "\n")


def _probabilities(logits):
    return np.asarray(jax.nn.softmax(logits))


def _dump(writer, tag, step, logits):
    logits = np.asarray(logits)
    probs = _probabilities(logits)
    writer.row(float(step), *probs.tolist())
    return np.float32(probs.max())


w = CsvWriter()
sink = functools.partial(_dump, w, "val")


@jax.jit
def evaluate(params, x, step):
    logits = jnp.tanh(params * x)
    top = io_callback(sink, jax.ShapeDtypeStruct((), jnp.float32), step, logits)
    return logits.sum() + top


for s in range(2):
    print(evaluate(jnp.array([1.0, 2.0, 3.0]), 0.5, s))
print(w.buf.getvalue())
