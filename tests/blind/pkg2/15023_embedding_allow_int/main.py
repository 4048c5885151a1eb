import jax
import jax.numpy as jnp
from embed import init_table
from probe import score, score_grads

table = init_table(jax.random.PRNGKey(0), 10, 4)
ids = jnp.array([1, 3, 3, 7])
direction = jnp.array([1.0, 0.0, -1.0, 0.5])
print(score(table, ids, direction))
g_table, g_ids = score_grads(table, ids, direction)
print(g_table.sum(), g_ids.dtype)
