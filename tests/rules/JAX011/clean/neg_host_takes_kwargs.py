"""The host function takes **kwargs: `vectorized=True` reaches it and is ignored."""
import jax
import jax.numpy as jnp
import numpy as np


def host_abs(x, **options):
    return np.abs(np.asarray(x)).astype(np.float32)


def f(x):
    return jax.pure_callback(host_abs, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vectorized=True)


print(jax.jit(f)(jnp.array([-1.0, 2.0])))
