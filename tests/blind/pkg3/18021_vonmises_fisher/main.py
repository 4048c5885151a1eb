import jax
import jax.numpy as jnp

import circstats

theta = jnp.array([0.1, 0.3, -0.2, 0.05, 0.4, -0.1])
params = jnp.array([0.0, 0.0])

g = jax.grad(circstats.nll)
for _ in range(50):
    params = params - 0.5 * g(params, theta)
print("mu, kappa:", float(params[0]), float(jnp.exp(params[1])))

F = circstats.fisher_information(params, theta)
print("standard errors:", jnp.sqrt(jnp.diag(jnp.linalg.inv(F))))
