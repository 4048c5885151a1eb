import numpy as np
import jax
import jax.numpy as jnp


def host_call(fn, like, *args, **opts):
    spec = jax.ShapeDtypeStruct(like.shape, like.dtype)
    return jax.pure_callback(fn, spec, *args, **opts)


def _median_host(x):
    return np.float32(np.median(np.asarray(x)))


def robust_center(x):
    med = host_call(_median_host, x[0], x, vectorized=True)
    return x - med


print(jax.jit(robust_center)(jnp.array([1.0, 5.0, 2.0, 9.0])))
