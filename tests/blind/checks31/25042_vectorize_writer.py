import io

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

sink = io.StringIO()


def _write_value(v):
    sink.write(f"{float(v):.4f}\n")
    return np.float32(v)


@jnp.vectorize
def checkpointed_exp(x):
    y = jnp.exp(x)
    return io_callback(_write_value, jax.ShapeDtypeStruct((), jnp.float32), y, ordered=True)


print(checkpointed_exp(jnp.array([0.0, 1.0, 2.0])))
print(sink.getvalue())
