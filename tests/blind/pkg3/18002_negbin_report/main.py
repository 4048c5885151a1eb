import jax
import jax.numpy as jnp
import numpy as np

import countfit as cf

rng = np.random.default_rng(0)
X = jnp.asarray(rng.normal(size=(32, 3)), jnp.float32)
y = jnp.asarray(rng.poisson(3.0, size=32), jnp.float32)

params = {"w": jnp.zeros(3), "b": jnp.array(0.5), "log_alpha": jnp.array(-1.0)}

objective = jax.jit(jax.value_and_grad(cf.neg_log_lik))

lr = 0.05
for step in range(20):
    val, g = objective(params, X, y)
    params = jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g)

print("final nll", float(val))
print("deviance", float(cf.deviance(val, y)))
print("alpha =", float(jnp.exp(params["log_alpha"])))
