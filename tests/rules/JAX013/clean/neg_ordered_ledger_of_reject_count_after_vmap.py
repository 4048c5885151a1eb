"""An inspection step counts the rejects of each crate (a comparison, summed and cast to an
integer) under vmap; the ordered `io_callback` logs the total after the vmap, on an array no
vmap batches, so JAX runs it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

LEDGER = []


def _log_rejects(n_bad):
    LEDGER.append(int(np.asarray(n_bad).sum()))
    return np.int32(sum(LEDGER))


def count_bad(fills, target, tolerance):
    return jnp.sum(jnp.abs(fills - target) > tolerance).astype(jnp.int32)


def inspect_all(fills, target, tolerance):
    bad = jax.vmap(count_bad, in_axes=(0, None, None))(fills, target, tolerance)
    total = io_callback(_log_rejects, jax.ShapeDtypeStruct((), jnp.int32), bad, ordered=True)
    return bad, total


fills = 500.0 + jnp.arange(12.0).reshape(3, 4) - 5.0
print(inspect_all(fills, 500.0, 2.5))
