import numpy as np
from scipy.optimize import brentq

from .newton import newton_step, newton_step_numpy
from .options import SOLVER


def _bracket(M, e):
    return brentq(lambda E: E - e * np.sin(E) - M, -np.pi - 1, np.pi + 1, xtol=1e-4)


def eccentric_anomaly(M, e):
    M = np.asarray(M, dtype=np.float64)
    e = float(np.asarray(e))
    E = np.array([_bracket(m, e) for m in M.ravel()]).reshape(M.shape)
    if SOLVER.polish:
        for _ in range(SOLVER.polish_steps):
            if SOLVER.polish_on_device:
                E = np.asarray(newton_step(E, M, e))
            else:
                E = newton_step_numpy(E, M, e)
    return E.astype(np.float32)
