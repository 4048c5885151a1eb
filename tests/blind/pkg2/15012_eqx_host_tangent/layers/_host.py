import numpy as np
import jax


def _rfft_filter_np(x, gain):
    spec = np.fft.rfft(x, axis=-1) * gain
    return np.fft.irfft(spec, n=x.shape[-1], axis=-1).astype(x.dtype)


def host_filter(x, gain):
    return jax.pure_callback(lambda v: _rfft_filter_np(v, gain),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")
