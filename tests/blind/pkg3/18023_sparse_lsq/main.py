import numpy as np
import scipy.sparse as ssp
import jax
import jax.numpy as jnp

import sparsefit

rng = np.random.default_rng(3)
M = ssp.random(20, 8, density=0.3, random_state=3, format="csr")
A = sparsefit.make_linear_op(sparsefit.SparseOperator(M))

x_true = jnp.asarray(rng.normal(size=8), jnp.float32)
b = A(x_true)

# quick check of directional derivative
_, Jv = jax.jvp(A, (x_true,), (jnp.ones(8),))
print("J @ 1 =", Jv[:4])

x = jnp.zeros(8)
grad_fn = jax.jit(jax.grad(sparsefit.least_squares), static_argnums=1)
for _ in range(100):
    x = x - 0.2 * grad_fn(x, A, b)
print("error", float(jnp.linalg.norm(x - x_true)))
