"""`jnp.round(x)` and `jnp.sign(x)` feed the host: both have zero derivatives, grad runs."""
import jax
import jax.numpy as jnp
import numpy as np


def host_quant_table(levels, signs):
    return (np.asarray(levels) * 0.25 * np.asarray(signs)).astype(np.float32)


def quant_loss(x):
    q = jax.pure_callback(
        host_quant_table,
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        jnp.round(x * 4.0),
        jnp.sign(x),
    )
    # straight-through estimator done in JAX
    x_q = x + jax.lax.stop_gradient(q - x)
    return jnp.sum(x_q ** 2)


print(jax.grad(quant_loss)(jnp.array([0.13, -0.61, 0.9])))
