import numpy as np
import jax

_EA = np.array([50e3, 65e3], dtype=np.float32)
_A = np.array([1e6, 5e7], dtype=np.float32)
_R = 8.314


def _arrhenius(T):
    return (_A * np.exp(-_EA / (_R * T))).astype(np.float32)


def rate_constants(T):
    return jax.pure_callback(_arrhenius, jax.ShapeDtypeStruct((2,), np.float32), T)
