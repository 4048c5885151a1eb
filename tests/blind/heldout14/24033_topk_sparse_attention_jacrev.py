"""Sparse top-k attention over a memory bank.  We inspect the Jacobian of
the read-out with respect to the sparse representation (scores, slots)."""
import jax
import jax.numpy as jnp
from jax import lax


def sparse_read(scores, slots, memory):
    w = jax.nn.softmax(scores)
    return jnp.einsum("k,kd->d", w, memory[slots])


def topk_select(query, memory, k=3):
    logits = memory @ query
    return lax.top_k(logits, k)


if __name__ == "__main__":
    memory = jnp.arange(24.0).reshape(6, 4) / 24.0
    query = jnp.array([0.5, -0.2, 0.1, 0.9])
    scores, slots = topk_select(query, memory)
    print("slots", slots)
    J_scores, J_slots = jax.jacrev(sparse_read, argnums=(0, 1))(scores, slots, memory)
    print(J_scores.shape)
