import numpy as np
import jax
import jax.numpy as jnp


def host_softplus(x, **unused):
    return np.log1p(np.exp(np.asarray(x))).astype(np.float32)


def activation(x):
    return jax.pure_callback(host_softplus, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vectorized=True)


batch = jnp.linspace(-1.0, 1.0, 6).reshape(3, 2)
print(jax.vmap(activation)(batch))
