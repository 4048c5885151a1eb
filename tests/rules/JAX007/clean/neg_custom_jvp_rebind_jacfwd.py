"""custom_jvp applied by rebinding (f = jax.custom_jvp(f); f.defjvp(rule)); jacfwd works."""
import jax
import jax.numpy as jnp
import numpy as np


def _np_tanh(x):
    return np.tanh(x).astype(np.float32)


def activation(x):
    return jax.pure_callback(_np_tanh, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


def activation_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    y = activation(x)
    return y, (1.0 - y ** 2) * x_dot


activation = jax.custom_jvp(activation)
activation.defjvp(activation_jvp)


def layer(x):
    W = jnp.array([[0.5, -0.2, 0.1], [0.3, 0.8, -0.4]])
    return activation(W @ x)


J = jax.jacfwd(layer)(jnp.array([0.1, 0.2, 0.3]))
print(J.shape)
