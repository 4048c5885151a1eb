"""Random-walk Metropolis in lax.scan whose log-density is a scipy call via pure_callback; nothing is differentiated."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from scipy import stats


def _host_logpdf(theta):
    return np.float32(stats.t.logpdf(theta, df=3.0).sum())


def log_density(theta):
    return jax.pure_callback(_host_logpdf, jax.ShapeDtypeStruct((), jnp.float32), theta)


@jax.jit
def sample(key, theta0, n_steps=50, step_size=0.5):
    def step(carry, key):
        theta, logp = carry
        k1, k2 = jax.random.split(key)
        proposal = theta + step_size * jax.random.normal(k1, theta.shape)
        logp_new = log_density(proposal)
        accept = jnp.log(jax.random.uniform(k2)) < logp_new - logp
        theta = jnp.where(accept, proposal, theta)
        logp = jnp.where(accept, logp_new, logp)
        return (theta, logp), theta

    keys = jax.random.split(key, n_steps)
    _, chain = lax.scan(step, (theta0, log_density(theta0)), keys)
    return chain


chain = sample(jax.random.PRNGKey(0), jnp.zeros(2))
print(chain.mean(axis=0))
