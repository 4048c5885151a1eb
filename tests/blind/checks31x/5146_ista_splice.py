"""A generic driver splices an argument tuple into pure_callback; the last entry is a flag."""
import numpy as np
import jax
import jax.numpy as jnp


def soft_threshold(x, flag):
    arr = np.asarray(x)
    lam = 0.5 if flag else 0.1
    return (np.sign(arr) * np.maximum(np.abs(arr) - lam, 0.0)).astype(arr.dtype)


def call_spec(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


def drive(host, *args):
    head, flag = args[:-1], args[-1]
    return jax.pure_callback(host, call_spec(head[0]), *head, vectorized=flag)


def ista_step(z, y, step):
    grad = z - y
    return drive(soft_threshold, z - step * grad, True)


@jax.jit
def solve(y):
    z = jnp.zeros_like(y)
    for _ in range(3):
        z = ista_step(z, y, 0.5)
    return z


if __name__ == "__main__":
    y = jnp.array([1.0, -0.2, 0.7, -2.0], dtype=jnp.float32)
    print("sparse solution", solve(y))
