# Poisson log-likelihood of binned counts; gradient taken over both arguments by habit
import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln


def poisson_logpmf(k, rate):
    return k * jnp.log(rate) - rate - gammaln(k + 1.0)


def total_loglik(rate, counts):
    return jnp.sum(poisson_logpmf(counts, rate))


counts = jnp.array([3, 5, 2, 7, 4])
rate = jnp.float32(3.0)
print(total_loglik(rate, counts))
d_rate, d_counts = jax.grad(total_loglik, argnums=(0, 1))(rate, counts)
print(d_rate)
