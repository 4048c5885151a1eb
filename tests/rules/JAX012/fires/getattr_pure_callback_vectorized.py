"""`jax.pure_callback` looked up with `getattr` by a literal name, given `vectorized=`."""
import jax
import jax.numpy as jnp
import numpy as np

_callback = getattr(jax, "pure_callback")


def host_sin(x):
    return np.sin(np.asarray(x)).astype(np.float32)


@jax.jit
def f(x):
    return _callback(host_sin, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vectorized=False)  # EXPECT: JAX012


print(f(jnp.arange(3.0)))
