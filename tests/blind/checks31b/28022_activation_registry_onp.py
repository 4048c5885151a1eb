import numpy as onp
import jax
import jax.numpy as np


def _host_tanh(x):
    arr = onp.asarray(x)
    return onp.tanh(arr)


def _host_relu(x):
    arr = onp.asarray(x)
    return onp.maximum(arr, 0.0)


HOST_ACTIVATIONS = {
    "tanh": _host_tanh,
    "relu": _host_relu,
}


def activate(kind, x):
    fn = HOST_ACTIVATIONS[kind]
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@jax.jit
def layer(w, x):
    return activate("tanh", np.tanh(w @ x))


w = np.eye(3) * 0.5
print(layer(w, np.ones(3)))
