"""while_loop is fine under jvp, but its body calls the host on the tangent-carrying state."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def host_halve(v):
    return (np.asarray(v) * 0.5).astype(np.float32)


def shrink(x):
    def cond(c):
        i, _ = c
        return i < 3

    def body(c):
        i, v = c
        v = jax.pure_callback(host_halve, jax.ShapeDtypeStruct(v.shape, v.dtype), v)  # EXPECT: JAX001
        return i + 1, v

    _, out = lax.while_loop(cond, body, (0, x))
    return out


print(jax.jvp(shrink, (jnp.array([4.0, 8.0]),), (jnp.array([1.0, 1.0]),)))
