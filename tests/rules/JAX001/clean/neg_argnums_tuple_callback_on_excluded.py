"""grad with argnums=(0, 2): the host call only sees argument 1, which is not differentiated."""
import jax
import jax.numpy as jnp
import numpy as np


def host_onehot_smooth(labels):
    labels = np.asarray(labels)
    return (0.9 * labels + 0.1 / labels.shape[-1]).astype(np.float32)


def loss(w, labels, b):
    targets = jax.pure_callback(
        host_onehot_smooth, jax.ShapeDtypeStruct(labels.shape, labels.dtype), labels
    )
    logits = jnp.ones((labels.shape[0], 2)) @ w + b
    return -jnp.sum(targets * jax.nn.log_softmax(logits))


labels = jnp.array([[1.0, 0.0], [0.0, 1.0]])
print(jax.grad(loss, argnums=(0, 2))(jnp.eye(2), labels, jnp.zeros(2)))
