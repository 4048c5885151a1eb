"""Activation lookup tables assembled in a class body and used by a host hook."""
import numpy as np
import jax
import jax.numpy as jnp

backend = jnp  # namespace used by the traced model code


def softsign(v, xp):
    return v / (1 + xp.abs(v))


class HostKernels:
    backend = np
    names = ("tanh", "arctan")
    table = [getattr(b, n) for b in [backend] for n in ("tanh", "arctan")]


def host_activate(z):
    arr = np.asarray(z)
    acc = np.zeros_like(arr)
    for fn in HostKernels.table:
        acc = acc + np.asarray(fn(arr))
    return (acc / len(HostKernels.table)).astype(arr.dtype)


def layer(w, x):
    z = x @ w
    return jax.pure_callback(host_activate, jax.ShapeDtypeStruct(z.shape, z.dtype), z)


@jax.jit
def forward(ws, x):
    for w in ws:
        x = layer(w, x)
    return softsign(x, backend)


def init(key, sizes=(4, 6, 2)):
    keys = jax.random.split(key, len(sizes) - 1)
    return [jax.random.normal(k, (a, b)) / np.sqrt(a) for k, a, b in zip(keys, sizes, sizes[1:])]


if __name__ == "__main__":
    ws = init(jax.random.PRNGKey(2))
    x = jnp.linspace(-1, 1, 12).reshape(3, 4)
    y = forward(ws, x)
    print(np.round(np.asarray(y), 4))
