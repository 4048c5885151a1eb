import numpy as np
import jax
import jax.numpy as jnp
from scipy.special import erfcx


def scaled_tail(z):
    out = jax.ShapeDtypeStruct(jnp.shape(z), jnp.result_type(z))
    return jax.pure_callback(lambda a: erfcx(a).astype(np.float32), out, z,
                             vectorized=True)


def mills_ratio(x):
    return jnp.sqrt(jnp.pi / 2) * scaled_tail(x / jnp.sqrt(2.0))


print(jax.vmap(mills_ratio)(jnp.array([0.5, 1.0, 2.0])))
