"""An ordered io_callback under vmap, tried inside `try: ... except TypeError:`: JAX's
ValueError is not caught, so the program stops on it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

LOG = []


def _log(v):
    LOG.append(float(np.asarray(v)))
    return np.int32(len(LOG))


def score(x):
    s = jnp.tanh(x)
    n = io_callback(_log, jax.ShapeDtypeStruct((), jnp.int32), s, ordered=True)  # EXPECT: JAX013
    return s, n


def score_all(xs):
    try:
        return jax.vmap(score)(xs)
    except TypeError:
        pairs = [score(x) for x in xs]
        return jnp.stack([p[0] for p in pairs]), jnp.stack([p[1] for p in pairs])


print(score_all(jnp.arange(3.0)))
