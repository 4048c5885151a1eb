import numpy as np
import jax
import jax.numpy as jnp
from scipy.ndimage import median_filter


def _host_median(v):
    return median_filter(np.asarray(v), size=3).astype(np.float32)


def detrend(v):
    baseline = jax.pure_callback(_host_median, jax.ShapeDtypeStruct(v.shape, v.dtype),
                                 jax.lax.stop_gradient(v))
    return v - baseline


sig = jnp.array([0.0, 1.0, 5.0, 1.0, 0.0, 2.0])
print(detrend(sig))
J = jax.jacrev(detrend)(sig)
print(jnp.allclose(J, jnp.eye(6)))
print(jax.jacfwd(lambda s: jnp.sum(detrend(s) ** 2))(sig))
