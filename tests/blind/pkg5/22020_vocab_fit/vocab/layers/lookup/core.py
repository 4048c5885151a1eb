import jax
import jax.numpy as jnp


def new_params(n_words, width):
    k1, k2 = jax.random.split(jax.random.PRNGKey(3))
    return {"emb": 0.1 * jax.random.normal(k1, (n_words, width)),
            "out": jnp.eye(width) + 0.01 * jax.random.normal(k2, (width, width))}


def lookup(params, ids):
    return params["emb"][ids] @ params["out"]
