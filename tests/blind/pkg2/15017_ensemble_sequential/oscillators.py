import numpy as np


def duffing(y, delta=0.2, alpha=-1.0, beta=1.0):
    x, v = y
    return np.array([v, -delta * v - alpha * x - beta * x ** 3])
