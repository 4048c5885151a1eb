import jax
import jax.numpy as jnp


def init_params(key, d_in=3, d_out=2):
    kw, ks = jax.random.split(key)
    w = jax.random.normal(kw, (d_in, d_out)) * 0.5
    return (w, (jax.random.normal(ks, (d_in,)) * 0.1, jnp.zeros(d_out)))
