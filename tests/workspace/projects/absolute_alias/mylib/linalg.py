import jax
import numpy as np


def solve(a, b):
    spec = jax.ShapeDtypeStruct(b.shape, b.dtype)
    return jax.pure_callback(lambda a, b: np.linalg.solve(a, b).astype(np.float32), spec, a, b)
