import numpy as np

__all__ = ["box_smooth"]


def box_smooth(signal, width):
    window = np.ones(width) / width
    return np.convolve(signal, window, mode="same")
