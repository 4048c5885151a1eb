import numpy as np


def clip_to_quantiles(x, lo, hi):
    x = np.asarray(x)
    lo_v, hi_v = np.quantile(x, [float(np.asarray(lo)), float(np.asarray(hi))], axis=-1, keepdims=True)
    return np.clip(x, lo_v, hi_v).astype(x.dtype)
