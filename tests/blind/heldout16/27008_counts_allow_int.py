"""Gradient of a Dirichlet-multinomial log-marginal w.r.t. alpha, counts carried along as ints."""
import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln


def logmarg(counts, alpha):
    a0 = jnp.sum(alpha)
    return gammaln(a0) - gammaln(counts.sum() + a0) + jnp.sum(gammaln(counts + alpha) - gammaln(alpha))


counts = jnp.array([4, 0, 3, 1], dtype=jnp.int32)
alpha = jnp.full((4,), 0.7)

# empirical-Bayes update of alpha; counts stay integer
g_counts, g_alpha = jax.grad(logmarg, argnums=(0, 1), allow_int=True)(counts, alpha)
print(g_counts.dtype, g_alpha)
for _ in range(25):
    alpha = jnp.maximum(alpha + 0.1 * jax.grad(logmarg, argnums=1)(counts, alpha), 1e-3)
print(alpha)
