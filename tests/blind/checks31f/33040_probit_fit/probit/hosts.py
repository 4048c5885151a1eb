import numpy as np
from scipy import special


def log_ndtr_host(z, *, vectorized=False):
    # `vectorized` is accepted for callers written against older JAX releases
    z = np.asarray(z)
    return special.log_ndtr(z).astype(z.dtype)
