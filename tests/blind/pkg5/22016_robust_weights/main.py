# Models a robust-regression package where a clipped-score op has a custom VJP attached at import, and a Jacobian is taken.
import jax
import jax.numpy as jnp
from robustkit import scores

obs = jnp.array([0.2, 1.7, -3.1, 0.9, 2.2])
pred = jnp.zeros(5)


def residual_scores(p):
    return scores(obs - p, cap=2.0)


if __name__ == "__main__":
    J = jax.jacrev(residual_scores)(pred)
    print(jnp.round(jnp.diag(J), 3))
