"""A context manager turns a class-level switch on around the first call: the host, run
inside it, reaches its JAX branch."""
import jax
import jax.numpy as jnp
import numpy as np


class Exact:
    on = False

    def __enter__(self):
        Exact.on = True
        return self

    def __exit__(self, *exc):
        Exact.on = False
        return False


def host(z):
    z = np.asarray(z, dtype=np.float64)
    if Exact.on:
        return np.asarray(jnp.expm1(z)).astype(np.float32)  # EXPECT: JAX011
    return np.expm1(z).astype(np.float32)


@jax.jit
def f(z):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(z.shape, jnp.float32), z)


with Exact():
    print(f(jnp.arange(3.0)))
