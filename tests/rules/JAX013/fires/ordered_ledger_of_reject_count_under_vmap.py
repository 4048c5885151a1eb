"""An inspection step counts the rejects of each crate (a comparison, summed and cast to an
integer) and logs the count with an ordered `io_callback`; the step is vmapped over crates,
so the count handed to the ordered callback is batched."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

LEDGER = []


def _log_rejects(n_bad):
    LEDGER.append(int(np.asarray(n_bad)))
    return np.int32(sum(LEDGER))


def inspect(fills, target, tolerance):
    bad = jnp.sum(jnp.abs(fills - target) > tolerance).astype(jnp.int32)
    total = io_callback(_log_rejects, jax.ShapeDtypeStruct((), jnp.int32), bad,  # EXPECT: JAX013
                        ordered=True)
    return bad, total


fills = 500.0 + jnp.arange(12.0).reshape(3, 4) - 5.0
print(jax.vmap(inspect, in_axes=(0, None, None))(fills, 500.0, 2.5))
