import numpy as np
import jax
import jax.numpy as jnp

# lower edges, rates (read once at import time, as if from a config file)
BRACKETS = np.array([[0.0, 0.10], [10.0, 0.20], [40.0, 0.30], [90.0, 0.45]], dtype=np.float32)


def _rates(idx):
    return BRACKETS[np.clip(idx, 0, len(BRACKETS) - 1), 1]


def _offsets(idx):
    edges, rates = BRACKETS[:, 0], BRACKETS[:, 1]
    widths = np.diff(edges, append=edges[-1])
    cum = np.concatenate([[0.0], np.cumsum(widths * rates)[:-1]]).astype(np.float32)
    return cum[np.clip(idx, 0, len(BRACKETS) - 1)]


def bracket_rates(idx):
    return jax.pure_callback(_rates, jax.ShapeDtypeStruct(idx.shape, jnp.float32), idx,
                             vmap_method="expand_dims")


def bracket_offsets(idx):
    return jax.pure_callback(_offsets, jax.ShapeDtypeStruct(idx.shape, jnp.float32), idx,
                             vmap_method="expand_dims")
