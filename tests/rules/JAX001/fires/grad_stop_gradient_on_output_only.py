"""stop_gradient is applied to the callback's output, not its input: JVP is still attempted."""
import jax
import jax.numpy as jnp
import numpy as np


def host_rank_weights(v):
    order = np.argsort(np.argsort(np.asarray(v)))
    return (order / max(1, len(order) - 1)).astype(np.float32)


def ranked_loss(scores):
    w = jax.lax.stop_gradient(
        jax.pure_callback(host_rank_weights, jax.ShapeDtypeStruct(scores.shape, scores.dtype), scores)  # EXPECT: JAX001
    )
    return jnp.sum(w * scores)


print(jax.grad(ranked_loss)(jnp.array([0.3, 0.1, 0.9])))
