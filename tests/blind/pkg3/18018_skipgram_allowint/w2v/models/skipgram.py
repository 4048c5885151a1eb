import jax
import jax.numpy as jnp


def init_skipgram(key, vocab, dim):
    k1, k2 = jax.random.split(key)
    return {
        "emb": 0.1 * jax.random.normal(k1, (vocab, dim)),
        "ctx": 0.1 * jax.random.normal(k2, (vocab, dim)),
        "step": jnp.zeros((), jnp.int32),
    }


def score(params, center, context):
    return jnp.sum(params["emb"][center] * params["ctx"][context], axis=-1)
