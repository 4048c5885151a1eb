"""value_and_grad(has_aux=True): the aux metric is computed on the host from stopped predictions."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def host_auc_proxy(pred, y):
    pred, y = np.asarray(pred), np.asarray(y)
    pos, neg = pred[y > 0.5], pred[y <= 0.5]
    return np.asarray(np.mean(pos[:, None] > neg[None, :]), dtype=np.float32)


def loss_fn(w, x, y):
    pred = x @ w
    auc = jax.pure_callback(
        host_auc_proxy, jax.ShapeDtypeStruct((), jnp.float32), lax.stop_gradient(pred), y
    )
    return jnp.mean((pred - y) ** 2), auc


x = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.2, 0.1]])
y = jnp.array([1.0, 0.0, 1.0, 0.0])
(loss, auc), g = jax.value_and_grad(loss_fn, has_aux=True)(jnp.array([0.5, -0.5]), x, y)
print(loss, auc, g)
