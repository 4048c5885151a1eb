import jax
import jax.numpy as jnp


def init_table(key, vocab, dim):
    return jax.random.normal(key, (vocab, dim)) * 0.1


def bag_of_words(table, token_ids):
    return jnp.mean(table[token_ids], axis=0)
