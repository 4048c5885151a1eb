import numpy as np
from scipy.optimize import brentq


def _scalar_root(c):
    return brentq(lambda x: x**3 - x - c, 0.5, 3.0, xtol=1e-10)


batched_root = np.vectorize(_scalar_root, otypes=[np.float32])
