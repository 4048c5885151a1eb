"""Input-output Jacobian of a regressor; the batch is augmented on the host first."""
import jax
import jax.numpy as jnp
import numpy as np


def _augment(x):
    x = np.asarray(x)
    return np.concatenate([x, x[..., ::-1]], axis=-1).astype(np.float32)


def features(x):
    out = jax.ShapeDtypeStruct(x.shape[:-1] + (2 * x.shape[-1],), x.dtype)
    return jax.pure_callback(_augment, out, x, vmap_method="expand_dims")


def regressor(theta, x):
    phi = features(x)
    return jnp.tanh(phi @ theta)


theta = jnp.array([[0.2, -0.1], [0.5, 0.3], [0.0, 0.4], [-0.2, 0.1]])
x = jnp.array([[1.0, 2.0], [0.5, -0.5], [0.0, 1.0]])
print(regressor(theta, x).shape)
# d output / d theta : x is data, never a differentiated argument
J = jax.jacfwd(regressor, argnums=0)(theta, x)
print(J.shape)
H = jax.hessian(lambda t: jnp.sum(regressor(t, x) ** 2))(theta)
print(H.shape)
