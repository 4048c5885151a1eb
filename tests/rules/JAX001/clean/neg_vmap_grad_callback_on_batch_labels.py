"""vmap(grad(...)) for per-example gradients; the host call processes each example's label only."""
import jax
import jax.numpy as jnp
import numpy as np


def host_label_weight(label):
    return np.asarray(2.0 if int(label) == 1 else 1.0, dtype=np.float32)


def example_loss(w, x, label):
    weight = jax.pure_callback(
        host_label_weight, jax.ShapeDtypeStruct((), jnp.float32), label, vmap_method="sequential"
    )
    return weight * (jnp.dot(w, x) - label) ** 2


xs = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
labels = jnp.array([1, 0, 1])
print(jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(jnp.array([0.2, 0.3]), xs, labels))
