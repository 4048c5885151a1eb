import jax
import jax.numpy as jnp
from logistic import nll

X = jax.random.normal(jax.random.PRNGKey(0), (30, 3))
y = (X[:, 0] - X[:, 2] > 0).astype(jnp.float32)
w = jnp.zeros(3)
for _ in range(30):
    w = w - 0.5 * jax.grad(nll)(w, X, y)
print("fit", nll(w, X, y), "scipy check", nll(w, X, y, check_against_scipy=True))
