"""A version gate compared as strings (`"0.10.2" >= "0.4.35"` is False) keeps the old
`vectorized=` branch running on new JAX; the gate's test sits in a module-level name."""
import jax
import jax.numpy as jnp
import numpy as np

HAS_VMAP_METHOD = jax.__version__ >= "0.4.35"


def host_expm1(x):
    return np.expm1(np.asarray(x)).astype(np.float32)


def expm1(x):
    shape = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    if HAS_VMAP_METHOD:
        return jax.pure_callback(host_expm1, shape, x, vmap_method="broadcast_all")
    return jax.pure_callback(host_expm1, shape, x, vectorized=True)  # EXPECT: JAX012


print(jax.jit(expm1)(jnp.ones(3)))
