import numpy as np
from scipy.interpolate import RegularGridInterpolator


def grid_interpolator(lon, lat, values):
    rgi = RegularGridInterpolator((lon, lat), values)

    def evaluate(pt):
        pt = np.asarray(pt)
        return rgi(pt.reshape(-1, 2)).reshape(pt.shape[:-1]).astype(np.float32)

    return evaluate
