import numpy as np


def lotka_volterra(y, a=1.1, b=0.4, c=0.4, d=0.1):
    prey, pred = y
    return np.array([a * prey - b * prey * pred, d * prey * pred - c * pred])
