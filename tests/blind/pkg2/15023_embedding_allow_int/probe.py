import jax
import jax.numpy as jnp
from embed import bag_of_words


def score(table, token_ids, direction):
    return jnp.dot(bag_of_words(table, token_ids), direction)


score_grads = jax.grad(score, argnums=(0, 1), allow_int=True)
