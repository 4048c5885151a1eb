import functools

import jax.numpy as jnp

from imaging import blur, make_kernel, adjoint_of

kernel = make_kernel(5, 1.2)
truth = jnp.zeros(32).at[10].set(1.0).at[20].set(-0.5)
A = functools.partial(blur, kernel=kernel)
data = A(truth)

At = adjoint_of(A, truth)

# Landweber iterations for deconvolution
x = jnp.zeros_like(truth)
for _ in range(30):
    x = x + 0.8 * At(data - A(x))
print("residual", float(jnp.linalg.norm(A(x) - data)))
