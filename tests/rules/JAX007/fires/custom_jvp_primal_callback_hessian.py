"""hessian of a custom_jvp function whose rule calls the host derivative on primals: the rule's callback is differentiated."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def _log_ndtr(x):
    return special.log_ndtr(x).astype(np.float32)


def _dlog_ndtr(x):
    # derivative of log Phi(x) is phi(x) / Phi(x)
    return (np.exp(-0.5 * x ** 2) / np.sqrt(2 * np.pi) / special.ndtr(x)).astype(np.float32)


@jax.custom_jvp
def log_ndtr(x):
    return jax.pure_callback(_log_ndtr, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


@log_ndtr.defjvp
def _log_ndtr_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    slope = jax.pure_callback(_dlog_ndtr, jax.ShapeDtypeStruct(x.shape, x.dtype), x,  # EXPECT: JAX007
                              vmap_method="sequential")
    return log_ndtr(x), slope * dx


def probit_loglik(w):
    z = jnp.array([0.5, -1.0, 2.0]) * w
    return jnp.sum(log_ndtr(z))


print(jax.grad(probit_loglik)(jnp.float32(0.7)))
print(jax.hessian(probit_loglik)(jnp.float32(0.7)))
