"""Per-example gradient norms; the host only ever sees the integer label."""
import jax
import jax.numpy as jnp
import numpy as np
import optax

_PRIOR = np.array([0.6, 0.25, 0.15], dtype=np.float32)


def class_weight(label):
    return jax.pure_callback(lambda l: (1.0 / _PRIOR[np.asarray(l)]).astype(np.float32),
                             jax.ShapeDtypeStruct(label.shape, jnp.float32), label,
                             vmap_method="broadcast_all")


def loss_single(params, x, y):
    logits = x @ params["W"] + params["b"]
    return class_weight(y) * optax.softmax_cross_entropy_with_integer_labels(logits, y)


@jax.jit
def per_example_norms(params, xs, ys):
    grads = jax.vmap(jax.grad(loss_single), in_axes=(None, 0, 0))(params, xs, ys)
    sq = jax.tree_util.tree_map(lambda g: jnp.sum(g.reshape(g.shape[0], -1) ** 2, axis=1), grads)
    return jnp.sqrt(sum(jax.tree_util.tree_leaves(sq)))


params = {"W": jnp.full((4, 3), 0.1), "b": jnp.zeros(3)}
xs = jnp.arange(20.0).reshape(5, 4) / 20.0
ys = jnp.array([0, 1, 2, 0, 1])
print(per_example_norms(params, xs, ys))
