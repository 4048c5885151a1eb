import jax
import jax.numpy as jnp
import numpy as np

import model

rng = np.random.default_rng(0)
angles = jnp.asarray(rng.vonmises(0.3, 2.0, size=32), dtype=jnp.float32)
params = (jnp.float32(0.0), jnp.float32(0.0))

step = jax.jit(jax.value_and_grad(model.neg_loglik))
for it in range(5):
    nll, g = step(params, angles)
    params = tuple(p - 0.01 * gi for p, gi in zip(params, g))
    print(it, float(nll))
