"""A pytree class keeps a bool flag and a label count as aux data: grad never sees them."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.tree_util.register_pytree_node_class
class Box:
    def __init__(self, clip, value, n_labels):
        self.clip = clip
        self.value = value
        self.n_labels = n_labels

    def tree_flatten(self):
        children = (self.value,)
        aux = (self.clip, self.n_labels)
        return children, aux

    @classmethod
    def tree_unflatten(cls, aux, children):
        clip, n_labels = aux
        return cls(clip, children[0], n_labels)


def host_label_weight(n):
    return np.float32(1.0 / n)


def loss(box, y):
    w = jax.pure_callback(host_label_weight, jax.ShapeDtypeStruct((), jnp.float32), box.n_labels)
    v = jnp.clip(box.value, -1.0, 1.0) if box.clip else box.value
    return w * jnp.sum((v - y) ** 2)


box = Box(False, jnp.array([0.5, 2.0]), 4.0)
print(jax.grad(loss)(box, jnp.array([0.0, 1.0])).value)
