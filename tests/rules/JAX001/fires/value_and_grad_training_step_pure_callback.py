"""value_and_grad in a training step; the prediction goes through a host sigmoid."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def host_expit(z):
    return scipy.special.expit(np.asarray(z)).astype(np.float32)


def predict(params, x):
    logits = x @ params["w"] + params["b"]
    return jax.pure_callback(host_expit, jax.ShapeDtypeStruct(logits.shape, logits.dtype), logits)  # EXPECT: JAX001


def bce(params, x, y):
    p = predict(params, x)
    return -jnp.mean(y * jnp.log(p + 1e-6) + (1 - y) * jnp.log(1 - p + 1e-6))


params = {"w": jnp.array([0.1, -0.2]), "b": jnp.array(0.0)}
x = jnp.array([[1.0, 2.0], [0.5, -1.0], [0.0, 0.3]])
y = jnp.array([1.0, 0.0, 1.0])
loss, grads = jax.value_and_grad(bce)(params, x, y)
params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
print(loss, params)
