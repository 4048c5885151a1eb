"""The host call only sees a closed-over NumPy table and a stop_gradient'd index: grad runs."""
import jax
import jax.numpy as jnp
import numpy as np

TABLE = np.linspace(0.0, 1.0, 8, dtype=np.float32)


def lookup(i):
    return TABLE[int(i)] * np.ones((), np.float32)


def weight_for(step):
    spec = jax.ShapeDtypeStruct((), jnp.float32)
    return jax.pure_callback(lookup, spec, step)


def loss(w, step):
    return weight_for(step) * jnp.sum(w**2)


print(jax.grad(loss)(jnp.ones(2), jnp.int32(3)))
