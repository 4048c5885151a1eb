"""jax.vjp w.r.t. params; the host call only touches data captured by the closure."""
import jax
import jax.numpy as jnp
import numpy as np


def host_whiten(x):
    x = np.asarray(x)
    return ((x - x.mean(0)) / (x.std(0) + 1e-6)).astype(np.float32)


def make_loss(x):
    def loss(params):
        xw = jax.pure_callback(host_whiten, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
        return jnp.sum((xw @ params) ** 2)

    return loss


x = jnp.array([[1.0, 2.0], [2.0, 0.0], [4.0, 1.0]])
val, pullback = jax.vjp(make_loss(x), jnp.array([0.3, -0.2]))
print(val, pullback(1.0))
