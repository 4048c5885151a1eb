import jax
import jax.numpy as jnp
import numpy as np


def host_hypot(*parts, **unused):
    arrs = [np.asarray(p) for p in parts]
    return np.sqrt(sum(a * a for a in arrs)).astype(arrs[0].dtype)


@jax.jit
def radius(x, y, z):
    return jax.pure_callback(host_hypot, jax.ShapeDtypeStruct(x.shape, x.dtype), x, y, z,
                             vectorized=False)


print(radius(jnp.ones(2), jnp.ones(2) * 2, jnp.ones(2) * 2))
