import jax
import jax.numpy as jnp
from jax import lax


def solve_ridge_iteratively(A, b, lam, tol=1e-4, max_iter=50):
    """Gradient descent until the update is small; used as an implicit layer."""
    def cond(state):
        i, x, delta = state
        return (i < max_iter) & (delta > tol)

    def body(state):
        i, x, _ = state
        g = A.T @ (A @ x - b) + lam * x
        x_new = x - 0.1 * g
        return i + 1, x_new, jnp.linalg.norm(x_new - x)

    _, x, _ = lax.while_loop(cond, body, (0, jnp.zeros(A.shape[1]), jnp.inf))
    return x


def hyper_objective(log_lam, A, b, A_val, b_val):
    x = solve_ridge_iteratively(A, b, jnp.exp(log_lam))
    return jnp.mean((A_val @ x - b_val) ** 2)


A = jnp.array([[1.0, 0.2], [0.1, 0.9], [0.5, 0.5]])
b = jnp.array([1.0, 0.0, 0.5])
print(hyper_objective(0.0, A, b, A, b))
# forward-mode hypergradient is fine
print(jax.jvp(lambda l: hyper_objective(l, A, b, A, b), (0.0,), (1.0,)))
hg = jax.grad(hyper_objective)(0.0, A, b, A, b)
print("hypergradient", hg)
