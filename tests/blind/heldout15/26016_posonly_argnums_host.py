import numpy as np
import jax
import jax.numpy as jnp
from scipy.special import gammaln


def _host_gammaln(a):
    return gammaln(np.asarray(a)).astype(np.float32)


def log_norm(alpha, /):
    return jax.pure_callback(_host_gammaln, jax.ShapeDtypeStruct(alpha.shape, jnp.float32), alpha,
                             vmap_method="sequential")


def dirichlet_logpdf(x, alpha, /, *, eps=1e-6):
    lognorm = jnp.sum(log_norm(alpha)) - log_norm(jnp.sum(alpha, keepdims=True))[0]
    return jnp.sum((alpha - 1.0) * jnp.log(x + eps)) - lognorm


x = jnp.array([0.2, 0.3, 0.5])
alpha = jnp.array([1.5, 2.0, 3.0])
print(dirichlet_logpdf(x, alpha))
score_x = jax.grad(dirichlet_logpdf, argnums=0)(x, alpha)
print(score_x)
