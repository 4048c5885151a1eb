"""Applies elementwise transfer functions on the host; the function rides in an argument tuple."""
import numpy as np
import jax
import jax.numpy as jnp

TRANSFERS = (np.tanh, jnp.tanh, np.arctan)


def apply_transfer(*packed):
    fn, data = packed[0], np.asarray(packed[1])
    rest = packed[2:]
    out = fn(data)
    for extra in rest:
        out = out * float(np.asarray(extra))
    return np.asarray(out, dtype=np.float32)


def pack(index, x, *gains):
    chosen = TRANSFERS[index:]
    return (chosen[0], x) + gains


def host_entry(x, g):
    return apply_transfer(*pack(1, x, g))


def forward(params, x):
    h = params["w"] * x + params["b"]
    spec = jax.ShapeDtypeStruct(h.shape, h.dtype)
    squashed = jax.pure_callback(host_entry, spec, h, jnp.float32(0.5))
    return jnp.mean(squashed)


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w": jax.random.normal(k1, (4,)), "b": jax.random.normal(k2, (4,))}


if __name__ == "__main__":
    params = init(jax.random.PRNGKey(0))
    xs = jnp.arange(4.0)
    loss = jax.jit(forward)(params, xs)
    print("mean activation", float(loss))
