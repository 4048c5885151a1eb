"""Sequential and batched variants of a host lookup built with partialmethod."""
from functools import partialmethod

import jax
import jax.numpy as jnp
import numpy as np


class CurveService:
    def __init__(self, knots, values):
        self.knots = np.asarray(knots, np.float32)
        self.values = np.asarray(values, np.float32)

    def _host(self, q):
        q = np.asarray(q)
        return np.interp(q, self.knots, self.values).astype(q.dtype)

    def _call(self, q, **cb_kwargs):
        return jax.pure_callback(self._host, jax.ShapeDtypeStruct(q.shape, q.dtype), q,
                                 **cb_kwargs)

    lookup_sequential = partialmethod(_call, vmap_method="sequential")
    lookup_vectorized = partialmethod(_call, vmap_method="expand_dims")


svc = CurveService([0.0, 1.0, 2.0], [1.0, 0.5, 0.2])


@jax.jit
def discount(q):
    return jax.vmap(svc.lookup_vectorized)(q) * jax.vmap(svc.lookup_sequential)(q)


if __name__ == "__main__":
    print(discount(jnp.array([0.5, 1.5, 1.9])))
