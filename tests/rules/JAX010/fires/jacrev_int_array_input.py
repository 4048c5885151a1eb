"""jacrev on an integer array (jnp.arange without dtype) passed as the differentiated input."""
import jax
import jax.numpy as jnp


def softmax_scores(logits):
    return jax.nn.softmax(logits * 0.5)


grid = jnp.arange(4)
J = jax.jacrev(softmax_scores)(grid)  # EXPECT: JAX010
print(J)
