"""Collapsed Gibbs for a Dirichlet-multinomial; a sensitivity of the log-marginal is attempted."""
import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln


def dirichlet_multinomial_logmarg(counts, alpha):
    n = counts.sum()
    a0 = alpha.sum()
    return (gammaln(a0) - gammaln(n + a0)
            + jnp.sum(gammaln(counts + alpha) - gammaln(alpha)))


def gibbs_sweep(key, z, alpha, K):
    def body(i, carry):
        z, key = carry
        key, sub = jax.random.split(key)
        counts = jnp.bincount(z, length=K) - jax.nn.one_hot(z[i], K, dtype=jnp.int32)
        logits = jnp.log(counts + alpha)
        z = z.at[i].set(jax.random.categorical(sub, logits))
        return z, key
    return jax.lax.fori_loop(0, z.shape[0], body, (z, key))[0]


K = 3
alpha = jnp.ones(K) * 0.5
z = jnp.array([0, 1, 2, 1, 0, 0, 2, 1])
z = gibbs_sweep(jax.random.key(0), z, alpha, K)
counts = jnp.bincount(z, length=K)
print("log marginal", dirichlet_multinomial_logmarg(counts, alpha))

# how does the marginal move when a count moves?
sens = jax.grad(dirichlet_multinomial_logmarg)(counts, alpha)
print(sens)
