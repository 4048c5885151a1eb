"""value_and_grad with argnums pointing at an integer count argument."""
import jax
import jax.numpy as jnp


def poisson_loglik(rate, k):
    return k * jnp.log(rate) - rate - jax.scipy.special.gammaln(k + 1.0)


ll, g = jax.value_and_grad(poisson_loglik, argnums=(0, 1))(2.5, 3)  # EXPECT: JAX010
print(ll, g)
