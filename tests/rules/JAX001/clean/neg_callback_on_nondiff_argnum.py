"""grad w.r.t. argument 0 only; the host callback preprocesses argument 1 (the data)."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def host_standardize(x):
    x = np.asarray(x)
    return scipy.special.erf((x - x.mean()) / (x.std() + 1e-6)).astype(np.float32)


def loss(w, x):
    feats = jax.pure_callback(host_standardize, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.mean((feats @ w) ** 2)


x = jnp.array([[1.0, 2.0], [3.0, 5.0], [0.0, 1.0]])
print(jax.grad(loss)(jnp.array([0.1, 0.2]), x))
