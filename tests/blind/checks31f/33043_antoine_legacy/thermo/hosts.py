import numpy as np

from .settings import ANTOINE


def antoine_mmhg(temp_c, species_index):
    temp_c = np.asarray(temp_c, dtype=np.float64)
    idx = np.asarray(species_index)
    coeffs = np.array(list(ANTOINE.values()))[idx]
    A, B, C = coeffs[..., 0], coeffs[..., 1], coeffs[..., 2]
    return (10.0 ** (A - B / (C + temp_c))).astype(np.float32)
