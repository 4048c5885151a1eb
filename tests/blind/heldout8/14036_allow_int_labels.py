import jax
import jax.numpy as jnp
import optax


def smoothed_ce(logits, labels, eps=0.1):
    onehot = jax.nn.one_hot(labels, logits.shape[-1])
    target = optax.smooth_labels(onehot, eps)
    return optax.softmax_cross_entropy(logits, target).mean()


logits = jnp.array([[2.0, 0.1, -1.0], [0.3, 0.3, 0.4]])
labels = jnp.array([0, 2])
g_logits, g_labels = jax.grad(smoothed_ce, argnums=(0, 1), allow_int=True)(logits, labels)
print(g_logits)
print(g_labels.dtype)
