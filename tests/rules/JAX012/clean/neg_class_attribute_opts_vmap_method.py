"""A class attribute dict of call options holding `vmap_method`, given as `**self.CALL_OPTS`."""
import jax
import jax.numpy as jnp
import numpy as np

class Op:
    CALL_OPTS = {"vmap_method": "sequential"}
    def host(self, x):
        return np.sin(np.asarray(x))
    def __call__(self, x):
        return jax.pure_callback(self.host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **self.CALL_OPTS)

print(jax.jit(Op())(jnp.ones(3)))
