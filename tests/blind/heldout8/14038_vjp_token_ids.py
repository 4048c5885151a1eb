import jax
import jax.numpy as jnp


def embed_and_pool(table, token_ids):
    return jnp.mean(table[token_ids], axis=0)


table = jnp.arange(20.0).reshape(5, 4) / 10.0
token_ids = jnp.array([0, 3, 3, 1])
out, pullback = jax.vjp(embed_and_pool, table, token_ids)
g_table, g_ids = pullback(jnp.ones_like(out))
print(out)
print(g_table)
print(g_ids.dtype, g_ids.shape)
