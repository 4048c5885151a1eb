import jax
import jax.numpy as jnp

from irt import autodiff as ad


def neg_log_lik(theta, responses, difficulty, discrimination):
    p = ad.sigmoid(discrimination * (theta - difficulty))
    p = jnp.clip(p, 1e-6, 1 - 1e-6)
    return -jnp.sum(responses * jnp.log(p) + (1 - responses) * jnp.log1p(-p))


def estimate_ability(responses, difficulty, discrimination, iters=3):
    score = jax.grad(neg_log_lik)
    info = jax.hessian(neg_log_lik)
    theta = jnp.float32(0.0)
    for _ in range(iters):
        theta = theta - score(theta, responses, difficulty, discrimination) / info(
            theta, responses, difficulty, discrimination)
    return theta
