"""Inside a static fori_loop, the host only sees the integer loop counter: grad runs."""
import jax
import jax.numpy as jnp
import numpy as np


def host_schedule(i):
    return np.asarray(0.5 ** int(i), dtype=np.float32)


def unrolled(x):
    def body(i, acc):
        step = jax.pure_callback(host_schedule, jax.ShapeDtypeStruct((), jnp.float32), i)
        return acc + step * jnp.sin(acc)

    return jax.lax.fori_loop(0, 4, body, x)


print(jax.grad(unrolled)(0.3))
