"""A `functools.partialmethod` of a method spreading `**cb_kwargs` into `jax.pure_callback`
binds `vectorized=`."""
from functools import partialmethod

import jax
import jax.numpy as jnp
import numpy as np


class Service:
    def _host(self, q):
        return np.sin(np.asarray(q)).astype(np.float32)

    def _call(self, q, **cb_kwargs):
        return jax.pure_callback(self._host, jax.ShapeDtypeStruct(q.shape, jnp.float32), q,  # EXPECT: JAX012
                                 **cb_kwargs)

    lookup_batched = partialmethod(_call, vectorized=True)


svc = Service()
print(jax.jit(lambda q: svc.lookup_batched(q))(jnp.arange(3.0)))
