"""Gaussian-process regression with a hand-written VJP for the Cholesky
solve (the adjoint reuses the factor, saving a second decomposition).
Sensitivities of the posterior mean to the two kernel hyperparameters are
taken in forward mode since there are only two of them."""
import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_factor, cho_solve


@jax.custom_vjp
def spd_solve(K, y):
    return cho_solve(cho_factor(K, lower=True), y)


def _spd_solve_fwd(K, y):
    c = cho_factor(K, lower=True)
    alpha = cho_solve(c, y)
    return alpha, (c, alpha)


def _spd_solve_bwd(res, g):
    c, alpha = res
    v = cho_solve(c, g)
    return -jnp.outer(v, alpha), v


spd_solve.defvjp(_spd_solve_fwd, _spd_solve_bwd)


def rbf(x1, x2, log_ell, log_sf):
    d2 = (x1[:, None] - x2[None, :]) ** 2
    return jnp.exp(2 * log_sf) * jnp.exp(-0.5 * d2 / jnp.exp(2 * log_ell))


def posterior_mean(hyp, x, y, xs, noise=1e-2):
    K = rbf(x, x, hyp[0], hyp[1]) + noise * jnp.eye(x.shape[0])
    alpha = spd_solve(K, y)
    return rbf(xs, x, hyp[0], hyp[1]) @ alpha


if __name__ == "__main__":
    x = jnp.linspace(0, 3, 8)
    y = jnp.sin(2 * x)
    xs = jnp.array([0.5, 1.7, 2.9])
    hyp = jnp.array([-0.5, 0.0])
    print(posterior_mean(hyp, x, y, xs))
    print(jax.grad(lambda h: posterior_mean(h, x, y, xs).sum())(hyp))
    sens = jax.jacfwd(posterior_mean)(hyp, x, y, xs)
    print(sens)
