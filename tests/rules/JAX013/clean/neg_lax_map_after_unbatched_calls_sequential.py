"""A row scorer called unbatched for a few thresholds first, then mapped by `lax.map` without
`batch_size`: each row runs in a sequential loop, so its ordered audit log runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

AUDIT = []


def audit(score):
    AUDIT.append(float(score))
    return np.int32(len(AUDIT))


def score_row(row, threshold=0.0, audited=True):
    s = jnp.sum(jnp.where(row > threshold, row, 0.0))
    if audited:
        io_callback(audit, jax.ShapeDtypeStruct((), jnp.int32), s, ordered=True)
    return s


rows = jnp.arange(12.0).reshape(4, 3)
baseline = [score_row(rows[0], t, audited=False) for t in (0.5, 1.5, 2.5)]
extra = score_row(rows[1], 4.0, audited=False) + score_row(rows[2], 7.0, audited=False)
extra = extra + score_row(rows[3], 10.0, audited=False)
print(baseline, extra)
print(jax.lax.map(score_row, rows))
