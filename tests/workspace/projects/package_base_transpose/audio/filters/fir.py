import jax
import numpy as np

TAPS = np.array([0.25, 0.5, 0.25], np.float32)


def _host_filter(x):
    return np.convolve(np.asarray(x), TAPS, mode="same").astype(np.float32)


def _host(x):
    return jax.pure_callback(_host_filter, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


@jax.custom_vjp
def smooth(x):
    return _host(x)


def _smooth_fwd(x):
    return smooth(x), None


def _smooth_bwd(_, ct):
    return (_host(ct),)  # symmetric taps: the filter is its own adjoint


smooth.defvjp(_smooth_fwd, _smooth_bwd)
