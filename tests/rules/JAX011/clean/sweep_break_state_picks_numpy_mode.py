"""a search over known modes keeps the first one that is available and stops there with
`break`: the mode after the loop is that one (a NumPy one), never the later JAX one"""
import jax
import jax.numpy as jnp
import numpy as np

MODES = [
    {"name": "numpy", "available": True},
    {"name": "jax", "available": True},
]


def pick_mode():
    mode = None
    for m in MODES:
        if m["available"]:
            mode = m["name"]
            break
    return mode


MODE = pick_mode()


def _host(x):
    x = np.asarray(x)
    if MODE == "jax":
        return np.asarray(jnp.cumsum(x))
    return np.cumsum(x).astype(np.float32)


@jax.jit
def step(x):
    return jax.pure_callback(_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


if __name__ == "__main__":
    print(MODE, step(jnp.ones(3)))
