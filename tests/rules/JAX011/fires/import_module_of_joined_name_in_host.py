"""the host's array module is the one importlib finds by a name the module joins:
`jax.numpy`, whose `sort` runs JAX on the host"""
import importlib

import jax
import jax.numpy as jnp
import numpy as np

BACKEND = ["jax", "numpy"]


def host_median(v):
    a = np.asarray(v)
    xp = importlib.import_module(".".join(BACKEND))
    s = np.asarray(xp.sort(a))  # EXPECT: JAX011
    return np.float32(s[len(s) // 2])


@jax.jit
def median(x):
    return jax.pure_callback(host_median, jax.ShapeDtypeStruct((), jnp.float32), x + 1.0)


if __name__ == "__main__":
    print(median(jnp.array([3.0, 1.0, 2.0])))
