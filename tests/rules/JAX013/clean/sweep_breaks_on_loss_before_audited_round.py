"""a search over known rounds stops at the first round whose loss is below a target: the
audited round (an ordered io_callback under vmap) runs only if the earlier rounds miss it,
which only the computed losses decide, so nothing is reported there"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

AUDIT = []


def _audit(v):
    AUDIT.append(float(np.asarray(v)))
    return np.float32(0.0)


def err(lam, x, audited):
    e = jnp.mean((x * lam - 1.0) ** 2)
    if audited:
        io_callback(_audit, jax.ShapeDtypeStruct((), jnp.float32), e, ordered=True)
    return e


ROUNDS = [
    {"lams": [0.5, 1.0], "audited": False},
    {"lams": [0.9, 1.1], "audited": True},
]

if __name__ == "__main__":
    x = jnp.ones(4)
    for rnd in ROUNDS:
        errs = jax.vmap(err, in_axes=(0, None, None))(jnp.asarray(rnd["lams"]), x, rnd["audited"])
        if float(errs.min()) < 1.0:
            break
    print(len(AUDIT))
