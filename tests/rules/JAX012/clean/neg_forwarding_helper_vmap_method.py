"""A helper forwards its **options to pure_callback; the caller passes `vmap_method`."""
import jax
import jax.numpy as jnp
import numpy as np


def on_host(fn, result_like, *operands, **options):
    spec = jax.ShapeDtypeStruct(result_like.shape, jnp.float32)
    return jax.pure_callback(fn, spec, *operands, **options)


def _host_percentile(x):
    return np.float32(np.percentile(np.asarray(x), 90.0))


def p90(x):
    return on_host(_host_percentile, x[0], x, vmap_method="sequential")


print(jax.vmap(p90)(jnp.arange(10.0).reshape(2, 5)))
