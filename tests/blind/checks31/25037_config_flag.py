import numpy as np
import jax
import jax.numpy as jnp


def make_host_op(vectorized=True):
    def op(x):
        x = np.asarray(x)
        if vectorized:
            return np.tanh(x).astype(np.float32)
        return np.array([np.tanh(v) for v in x.ravel()], np.float32).reshape(x.shape)
    method = "broadcast_all" if vectorized else "sequential"

    def traced(x):
        return jax.pure_callback(op, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                 vmap_method=method)
    return traced


squash = make_host_op(vectorized=True)
print(jax.vmap(squash)(jnp.arange(6.0).reshape(3, 2)))
