import jax
import jax.numpy as jnp


def init_state(vocab, dim, tokens, seed=0):
    table = 0.1 * jax.random.normal(jax.random.PRNGKey(seed), (vocab, dim))
    return {"table": table, "proj": jnp.eye(dim), "tokens": tokens}


def embed(state):
    return jnp.take(state["table"], state["tokens"], axis=0) @ state["proj"]
