import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def _monitor(t):
    print("tangent norm", float(np.linalg.norm(np.asarray(t))))


@jax.custom_jvp
def softclip(x):
    return jnp.tanh(x)


@softclip.defjvp
def softclip_jvp(primals, tangents):
    (x,), (tx,) = primals, tangents
    io_callback(_monitor, None, tx, ordered=True)
    y = jnp.tanh(x)
    return y, (1 - y ** 2) * tx


print(jax.jacfwd(softclip)(jnp.array([0.0, 1.0, 2.0])))
