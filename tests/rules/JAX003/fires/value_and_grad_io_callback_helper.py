"""value_and_grad of a loss whose helper fetches a host-side correction via io_callback."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_calls = []


def host_correction(r):
    _calls.append(1)
    return (np.asarray(r) - np.mean(np.asarray(r))).astype(np.float32)


def corrected(r):
    return io_callback(  # EXPECT: JAX003
        host_correction,
        jax.ShapeDtypeStruct(r.shape, r.dtype),
        r,
    )


def loss(params, x):
    return jnp.sum(corrected(x * params) ** 2)


print(jax.value_and_grad(loss)(jnp.array([1.0, 2.0]), jnp.array([0.5, 0.25])))
