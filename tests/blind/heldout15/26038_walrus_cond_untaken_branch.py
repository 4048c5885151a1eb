import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from scipy.special import erfcx


def _host_erfcx(z):
    return erfcx(np.asarray(z)).astype(np.float32)


def tail_logprob(z):
    # stable log Phi(-z) for large z via the scaled complementary error function
    e = jax.pure_callback(_host_erfcx, jax.ShapeDtypeStruct(z.shape, z.dtype), z / jnp.sqrt(2.0),
                          vmap_method="expand_dims")
    return jnp.log(0.5 * e) - 0.5 * z ** 2


def log_ndtr_neg(z):
    return lax.cond(z > 5.0, tail_logprob, lambda v: jnp.log(jax.scipy.stats.norm.cdf(-v)), z)


zs = jnp.array([0.0, 0.5, 1.0])
if (vals := jax.vmap(log_ndtr_neg)(zs)).shape == zs.shape:
    print(vals)
grads = [float(g) for z in zs if (g := jax.grad(log_ndtr_neg)(z)) is not None]
print(grads)
