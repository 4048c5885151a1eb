"""Label smoothing where the host function is carried as a jax.tree_util.Partial."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.tree_util import Partial


def _smooth_labels(labels, n_classes, eps):
    labels = np.asarray(labels)
    hot = np.asarray(jax.nn.one_hot(labels, n_classes))
    return ((1 - eps) * hot + eps / n_classes).astype(np.float32)


def make_targets(labels, smoother):
    n = 4
    return jax.pure_callback(smoother, jax.ShapeDtypeStruct(labels.shape + (n,), jnp.float32),
                             labels, n)


@jax.jit
def xent(logits, labels, smoother):
    tgt = make_targets(labels, smoother)
    return -jnp.mean(jnp.sum(tgt * jax.nn.log_softmax(logits), -1))


if __name__ == "__main__":
    smoother = Partial(lambda l, n: _smooth_labels(l, int(np.asarray(n)), 0.1))
    logits = jnp.array([[2.0, 0.1, 0.1, 0.1], [0.1, 0.1, 3.0, 0.1]])
    print(xent(logits, jnp.array([0, 2]), smoother))
