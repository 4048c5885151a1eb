"""Version-dependent code asks `jax.pure_callback`'s signature which keyword it takes: on JAX
0.10 its parameters list `kwargs` (and not `vectorized`), so the test picks the removed
`vectorized=`, which JAX hands on to the host."""
import inspect

import jax
import jax.numpy as jnp
import numpy as np

_SIG = inspect.signature(jax.pure_callback)
if "vectorized" in _SIG.parameters or "kwargs" in _SIG.parameters:
    OPTIONS = {"vectorized": True}
else:
    OPTIONS = {"vmap_method": "expand_dims"}


def host_log1p(x):
    return np.log1p(np.asarray(x)).astype(np.float32)


@jax.jit
def log1p(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_log1p, spec, x, **OPTIONS)  # EXPECT: JAX012


if __name__ == "__main__":
    print(log1p(jnp.arange(3.0)))
