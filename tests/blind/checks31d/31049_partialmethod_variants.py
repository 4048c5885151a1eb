"""A lookup service with call variants built by functools.partialmethod."""
from functools import partialmethod

import jax
import jax.numpy as jnp
import numpy as np


class TableService:
    def __init__(self, xs, ys):
        self.xs = np.asarray(xs, np.float32)
        self.ys = np.asarray(ys, np.float32)

    def _interp(self, q):
        q = np.asarray(q)
        return np.interp(q, self.xs, self.ys).astype(q.dtype)

    def _call(self, q, **cb_kwargs):
        return jax.pure_callback(self._interp, jax.ShapeDtypeStruct(q.shape, q.dtype), q,
                                 **cb_kwargs)

    lookup = partialmethod(_call)
    lookup_batched = partialmethod(_call, vectorized=True)


svc = TableService([0.0, 1.0, 2.0], [0.0, 10.0, 40.0])


@jax.jit
def cost(q):
    return svc.lookup_batched(q).sum() + svc.lookup(q[0])


if __name__ == "__main__":
    print(cost(jnp.array([0.5, 1.5])))
