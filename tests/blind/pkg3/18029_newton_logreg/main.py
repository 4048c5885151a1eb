import jax
import jax.numpy as jnp

from glm import logistic_nll, newton

key = jax.random.PRNGKey(0)
kx, ky = jax.random.split(key)
X = jax.random.normal(kx, (40, 3))
true_beta = jnp.array([1.5, -2.0, 0.5])
y = (jax.random.uniform(ky, (40,)) < jax.nn.sigmoid(X @ true_beta)).astype(jnp.float32)

beta = newton(logistic_nll, jnp.zeros(3), X, y)
print("beta_hat:", beta)
