"""while_loop under jvp is fine; the host call inside only sees the integer iteration counter."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def host_step_size(i):
    return np.asarray(1.0 / (1.0 + int(i)), dtype=np.float32)


def iterate(x):
    def cond(c):
        i, _ = c
        return i < 4

    def body(c):
        i, v = c
        eta = jax.pure_callback(host_step_size, jax.ShapeDtypeStruct((), jnp.float32), i)
        return i + 1, v - eta * jnp.sin(v)

    _, out = lax.while_loop(cond, body, (0, x))
    return out


print(jax.jvp(iterate, (jnp.array([1.0, 2.0]),), (jnp.array([1.0, 0.0]),)))
