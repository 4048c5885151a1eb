"""grad(has_aux=True): the callback only feeds the aux metric, but its operand carries a tangent."""
import jax
import jax.numpy as jnp
import numpy as np


def host_median(v):
    return np.asarray(np.median(np.asarray(v)), dtype=np.float32)


def loss_with_metrics(w, x):
    pred = x @ w
    med = jax.pure_callback(host_median, jax.ShapeDtypeStruct((), pred.dtype), pred)  # EXPECT: JAX001
    return jnp.mean(pred ** 2), {"median_pred": med}


w = jnp.array([0.5, -0.5])
x = jnp.array([[1.0, 2.0], [3.0, 1.0], [0.0, 1.0]])
grads, aux = jax.grad(loss_with_metrics, has_aux=True)(w, x)
print(grads, aux)
