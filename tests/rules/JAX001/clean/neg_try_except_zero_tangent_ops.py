"""The host sees only floor() and sign() of the input (zero derivatives) inside try/except: grad runs."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_bucket_weight(b, s):
    return (1.0 + 0.1 * np.asarray(b) * np.asarray(s)).astype(np.float32)


def loss(x):
    try:
        bucket = jnp.floor(x * 4.0)
        sgn = jnp.sign(x)
    except TypeError:
        bucket, sgn = jnp.zeros_like(x), jnp.ones_like(x)
    w = jax.pure_callback(_host_bucket_weight, jax.ShapeDtypeStruct(x.shape, x.dtype), bucket, sgn)
    return jnp.sum(w * x**2)


print(jax.grad(loss)(jnp.array([0.3, -0.7])))
