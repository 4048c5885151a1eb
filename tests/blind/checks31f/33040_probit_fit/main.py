import jax
import jax.numpy as jnp

from probit import fit

X = jax.random.normal(jax.random.key(0), (16, 3))
y = (X @ jnp.array([1.0, -0.5, 0.25]) > 0).astype(jnp.float32)
w, loss = fit(X, y)
print("weights", w, "loss", float(loss))
