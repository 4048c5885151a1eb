import numpy as np


def rk4(f, y0, k, h, steps):
    y = np.array(y0, dtype=np.float64)
    for _ in range(steps):
        k1 = np.asarray(f(y, k))
        k2 = np.asarray(f(y + 0.5 * h * k1, k))
        k3 = np.asarray(f(y + 0.5 * h * k2, k))
        k4 = np.asarray(f(y + h * k3, k))
        y = y + h / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y
