"""The host lookup receives `x.astype(int32)`: integer values carry no tangent, grad runs."""
import jax
import jax.numpy as jnp
import numpy as np

TABLE = np.linspace(0.0, 1.0, 10).astype(np.float32)


def host_lookup(idx):
    return TABLE[np.clip(np.asarray(idx), 0, 9)]


def loss(x):
    bins = (x * 10).astype(jnp.int32)
    weights = jax.pure_callback(host_lookup, jax.ShapeDtypeStruct(x.shape, jnp.float32), bins)
    return jnp.sum(weights * x ** 2)


print(jax.grad(loss)(jnp.array([0.15, 0.42, 0.88])))
