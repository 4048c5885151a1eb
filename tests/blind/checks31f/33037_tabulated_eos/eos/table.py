"""A tabulated equation of state, P(rho, T), held as NumPy arrays on the host."""
import numpy as np
from scipy.interpolate import RegularGridInterpolator

RHO = np.linspace(0.1, 2.0, 12)
TEMP = np.linspace(100.0, 600.0, 11)
_P = RHO[:, None] * 0.287 * TEMP[None, :] * (1.0 + 0.05 * RHO[:, None])


class EosTable:
    def __init__(self, name):
        self.name = name
        self._interp = RegularGridInterpolator((RHO, TEMP), _P)

    def __call__(self, rho, temp):
        pts = np.stack([np.asarray(rho), np.asarray(temp)], axis=-1)
        return self._interp(pts).astype(np.float32)


AIR = EosTable("air")
