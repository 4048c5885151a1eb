"""jacfwd batches the tangents a custom_jvp rule hands an ordered io_callback."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _audit(t):
    return np.asarray(t, dtype=np.float32)


@jax.custom_jvp
def f(x):
    return jnp.sin(x)


@f.defjvp
def f_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    seen = io_callback(_audit, jax.ShapeDtypeStruct(t.shape, t.dtype), t,  # EXPECT: JAX013
                       ordered=True)
    return f(x), jnp.cos(x) * seen


print(jax.jacfwd(f)(jnp.ones(3)))
