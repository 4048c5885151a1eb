"""Grid search: cells evaluated with vmap, the ordered host report sees only the reduced result."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_best = []


def _report_best(score, idx):
    _best.append((float(np.asarray(score)), int(np.asarray(idx))))
    return np.int32(len(_best))


def descent(lr, steps=5):
    x = 3.0
    for _ in range(steps):
        x = x - lr * 2.0 * x
    return x ** 2


@jax.jit
def search(lrs):
    losses = jax.vmap(descent)(lrs)
    i = jnp.argmin(losses)
    io_callback(_report_best, jax.ShapeDtypeStruct((), jnp.int32), losses[i], i, ordered=True)
    return lrs[i]


print(search(jnp.array([0.01, 0.1, 0.3, 0.45])), _best)
