import jax
import numpy as np
from scipy.interpolate import RegularGridInterpolator


def make_lookup(xs, ys, values):
    interp = RegularGridInterpolator((xs, ys), values)

    def _host(pt):
        return np.asarray(interp(np.asarray(pt)[None])[0], dtype=np.float32)

    def lookup(pt):
        return jax.pure_callback(_host, jax.ShapeDtypeStruct((), np.float32), pt)

    return lookup
