"""Version-dependent code asks `jax.pure_callback`'s signature which keyword it takes: on JAX
0.10 its parameters list `vmap_method`, so the test picks it and never gives `vectorized=`."""
import inspect

import jax
import jax.numpy as jnp
import numpy as np

_SIG = inspect.signature(jax.pure_callback)
if "vmap_method" in _SIG.parameters or "vectorized" not in _SIG.parameters:
    OPTIONS = {"vmap_method": "expand_dims"}
else:
    OPTIONS = {"vectorized": True}


def host_log1p(x):
    return np.log1p(np.asarray(x)).astype(np.float32)


@jax.jit
def log1p(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_log1p, spec, x, **OPTIONS)


if __name__ == "__main__":
    print(log1p(jnp.arange(3.0)))
