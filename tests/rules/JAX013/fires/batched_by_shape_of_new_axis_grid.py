"""the mapper is looked up by name, "vmap" when the outer-product grid has more than one row:
`a[:, None] * b[None, :]` of 3 and 4 values has 3, so the ordered log runs under vmap"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

log = []
MAPPERS = {"many": (jax, "vmap"), "one": (jax.lax, "map")}


def _write(v):
    log.append(float(np.asarray(v)))
    return np.int32(len(log))


def row_stat(r):
    m = r.mean()
    io_callback(_write, jax.ShapeDtypeStruct((), jnp.int32), m, ordered=True)  # EXPECT: JAX013
    return m


def grid(a=np.linspace(0.0, 1.0, 3), b=np.linspace(1.0, 2.0, 4)):
    return a[:, None] * b[None, :]


if __name__ == "__main__":
    g = grid()
    owner, attr = MAPPERS["many" if g.shape[0] > 1 else "one"]
    mapper = getattr(owner, attr)
    if attr == "vmap":
        out = mapper(row_stat)(jnp.asarray(g))
    else:
        out = mapper(row_stat, jnp.asarray(g))
    print(out, len(log))
