"""The host is picked by name; a warm-up call picks the NumPy one, and a check registered
to run at exit picks the JAX one."""
import atexit

import jax
import jax.numpy as jnp
import numpy as np


def _numpy_scale(z):
    return z * 2.0


def _jax_scale(z):
    return np.asarray(jnp.multiply(z, 2.0))  # EXPECT: JAX011


SCALES = {"numpy": _numpy_scale, "jax": _jax_scale}


def make_host(name):
    fn = SCALES[name]

    def host(z):
        return fn(np.asarray(z)).astype(np.float32)

    return host


def apply(name, z):
    return jax.pure_callback(make_host(name), jax.ShapeDtypeStruct(z.shape, jnp.float32), z)


def warm_up():
    print(jax.jit(lambda z: apply("numpy", z))(jnp.arange(3.0)))


@atexit.register
def final_check():
    print(jax.jit(lambda z: apply("jax", z))(jnp.arange(3.0)))


warm_up()
