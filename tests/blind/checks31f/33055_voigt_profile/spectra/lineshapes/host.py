import numpy as np
from scipy import special


def faddeeva_real(z_re, z_im, **ufunc_kwargs):
    """Re w(z) for z = x + iy via scipy.special.wofz; extra keywords go to the ufunc."""
    z = np.asarray(z_re, dtype=np.float64) + 1j * np.asarray(z_im, dtype=np.float64)
    return special.wofz(z, **ufunc_kwargs).real.astype(np.float32)
