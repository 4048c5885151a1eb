import numpy as np
from scipy import special


def log_ndtr_host(z):
    z = np.asarray(z)
    return special.log_ndtr(z).astype(z.dtype)
