import numpy as np
import jax


def _np_power(x):
    return (np.abs(np.fft.rfft(x, axis=-1)) ** 2).astype(x.dtype)


def power_spectrum(x):
    n = x.shape[-1] // 2 + 1
    spec = jax.ShapeDtypeStruct(x.shape[:-1] + (n,), x.dtype)
    return jax.pure_callback(_np_power, spec, x, vmap_method="broadcast_all")
