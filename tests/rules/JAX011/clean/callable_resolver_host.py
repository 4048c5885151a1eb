"""A kernel given by name or as a function is resolved with `callable()`; the name picks a NumPy kernel."""
import jax
import jax.numpy as jnp
import numpy as np


def _box(x):
    return np.convolve(np.asarray(x), np.ones(3) / 3, mode="same").astype(np.float32)


def _tri(x):
    k = jnp.array([0.25, 0.5, 0.25])
    return np.asarray(jnp.convolve(jnp.asarray(x), k, mode="same"))


KERNELS = {"box": _box, "tri": _tri}


def resolve(kernel):
    if callable(kernel):
        return kernel
    return KERNELS[str(kernel).lower()]


def smooth(x, kernel="Box"):
    host = resolve(kernel)
    return jax.jit(lambda v: jax.pure_callback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v))(x)


if __name__ == "__main__":
    print(smooth(jnp.arange(5.0)))
