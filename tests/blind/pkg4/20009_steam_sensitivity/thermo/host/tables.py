import numpy as np
from scipy.interpolate import CubicSpline

_T = np.linspace(300.0, 450.0, 16)
_P = 0.6 * np.exp((_T - 300.0) / 40.0)
_SPLINE = CubicSpline(_T, _P)
_DSPLINE = _SPLINE.derivative()


def psat(t):
    return _SPLINE(np.asarray(t)).astype(np.float32)


def dpsat(t):
    return _DSPLINE(np.asarray(t)).astype(np.float32)
