"""jnp.vectorize vmaps a scalar host function over an array argument: its pure_callback needs a vmap_method."""
import jax
import jax.numpy as jnp
import math


def _host_lgamma(x):
    return jnp.float32(math.lgamma(float(x)))  # EXPECT: JAX011


def log_gamma(x):
    return jax.pure_callback(_host_lgamma, jax.ShapeDtypeStruct((), jnp.float32), x)  # EXPECT: JAX008


log_gamma_v = jnp.vectorize(log_gamma)
print(log_gamma_v(jnp.float32(3.0)))
print(log_gamma_v(jnp.array([1.0, 2.0, 3.0])))
