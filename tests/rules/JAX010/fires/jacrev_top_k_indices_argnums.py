"""jacrev over both outputs of lax.top_k: the indices are integers (top_k's second output)."""
import jax
import jax.numpy as jnp
from jax import lax


def read(scores, slots, memory):
    return jnp.einsum("k,kd->d", jax.nn.softmax(scores), memory[slots])


memory = jnp.arange(12.0).reshape(4, 3)
scores, slots = lax.top_k(memory @ jnp.array([0.2, -0.1, 0.5]), 2)
print(jax.jacrev(read, argnums=(0, 1))(scores, slots, memory))  # EXPECT: JAX010
