"""stop_gradient(x) is computed but the raw x is what goes to the host: grad fails."""
import jax
import jax.numpy as jnp
import numpy as np


def host_quantile(v):
    return np.asarray(np.quantile(np.asarray(v), 0.9), dtype=np.float32)


def clipped_loss(x):
    x_const = jax.lax.stop_gradient(x)
    thresh = jax.pure_callback(host_quantile, jax.ShapeDtypeStruct((), x.dtype), x)  # EXPECT: JAX001
    del x_const
    return jnp.sum(jnp.minimum(x, thresh) ** 2)


print(jax.grad(clipped_loss)(jnp.array([0.1, 0.5, 2.0, 0.3])))
