import jax
import numpy as np


def host_weight(x):
    frozen = jax.lax.stop_gradient(x)
    return jax.pure_callback(lambda v: np.float32(1.0 + np.sum(v**2)),
                             jax.ShapeDtypeStruct((), np.float32), frozen)
