"""The host function is a parameter of a factory: which function it is is not visible here."""
import jax
import jax.numpy as jnp
import numpy as np


def host_call(fn):
    def wrapped(x):
        return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)
    return wrapped


safe_log = host_call(lambda v: np.log(np.asarray(v) + 1.0).astype(np.float32))
print(jax.jit(safe_log)(jnp.arange(3.0)))
