import jax
import numpy as np
from scipy import sparse

from ..registry import plugin


@plugin("host_sparse")
class HostSparse:
    def __init__(self, size):
        self.size = size
        self.m = sparse.eye(size, format="csr") * 3.0

    def apply(self, x):
        f = lambda a: (self.m @ np.asarray(a)).astype(np.float32)
        return jax.pure_callback(f, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                 vmap_method="sequential")
