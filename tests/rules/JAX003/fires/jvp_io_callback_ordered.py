"""jax.jvp through an ordered io_callback (e.g. a hardware read that depends on the input)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def device_response(v):
    return (np.asarray(v) * 0.98 + 0.01).astype(np.float32)


def measure(v):
    return io_callback(device_response, jax.ShapeDtypeStruct(v.shape, v.dtype), v, ordered=True)  # EXPECT: JAX003


out, tan = jax.jvp(measure, (jnp.array([1.0, 2.0]),), (jnp.array([1.0, 1.0]),))
print(out, tan)
