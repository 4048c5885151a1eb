import numpy as np

from .kernels import box_smooth
from .config import WIDTH

_calls = []


def smooth_on_host(signal):
    signal = np.asarray(signal)
    _calls.append(signal.shape)
    smoothed = box_smooth(signal, WIDTH)
    return np.asarray(smoothed, dtype=np.float32)


def calls():
    return len(_calls)
