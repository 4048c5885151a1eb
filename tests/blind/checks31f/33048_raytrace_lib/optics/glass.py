import numpy as np

# Sellmeier coefficients for a BK7-like glass
B = np.array([1.03961212, 0.231792344, 1.01046945])
C = np.array([0.00600069867, 0.0200179144, 103.560653])


def sellmeier_index(wavelength_um):
    lam2 = np.asarray(wavelength_um, dtype=np.float64) ** 2
    n2 = 1.0 + np.sum(B * lam2[..., None] / (lam2[..., None] - C), axis=-1)
    return np.sqrt(n2).astype(np.float32)
