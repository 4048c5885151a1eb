"""hessian of a loss whose host-computed preconditioner sees only stop_gradient(x)."""
import jax
import jax.numpy as jnp
import numpy as np


def host_diag_precond(x):
    return (1.0 / (1.0 + np.abs(np.asarray(x)))).astype(np.float32)


def loss(x):
    p = jax.pure_callback(
        host_diag_precond,
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        jax.lax.stop_gradient(x),
        vmap_method="broadcast_all",
    )
    return jnp.sum(p * x ** 2) + jnp.prod(jnp.cos(x))


print(jax.hessian(loss)(jnp.array([0.5, -1.0])))
