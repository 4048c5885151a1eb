import jax
import jax.numpy as jnp


def newton(objective, x0, *args, iters=8, damping=1e-6):
    grad = jax.grad(objective)
    hess = jax.hessian(objective)
    x = x0
    for _ in range(iters):
        g = grad(x, *args)
        H = hess(x, *args)
        x = x - jnp.linalg.solve(H + damping * jnp.eye(x.shape[0]), g)
    return x
