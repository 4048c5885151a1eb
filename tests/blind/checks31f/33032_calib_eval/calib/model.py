import jax
import jax.numpy as jnp


def init_params(key, d_in=4, n_cls=3):
    k1, k2 = jax.random.split(key)
    return {"w": 0.3 * jax.random.normal(k1, (d_in, n_cls)),
            "b": jnp.zeros(n_cls)}


def logits_fn(params, x):
    return x @ params["w"] + params["b"]
