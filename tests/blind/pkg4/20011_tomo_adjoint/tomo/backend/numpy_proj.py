import numpy as np

_RNG = np.random.default_rng(0)
SYSTEM = _RNG.uniform(0.0, 1.0, size=(5, 4)).astype(np.float32)


def project(img):
    return (SYSTEM @ np.asarray(img)).astype(np.float32)


def backproject(sino):
    return (SYSTEM.T @ np.asarray(sino)).astype(np.float32)
