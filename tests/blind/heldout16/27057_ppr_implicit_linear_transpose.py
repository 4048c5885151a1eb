"""Personalised PageRank solved iteratively with an implicit-function VJP; adjoint via linear_transpose."""
import jax
import jax.numpy as jnp

A = jnp.array([[0, 1, 1, 0], [0, 0, 1, 0], [1, 0, 0, 1], [0, 0, 1, 0]], dtype=jnp.float32)
P = (A / A.sum(axis=1, keepdims=True)).T
ALPHA = 0.15


def _iterate(v, n=100):
    r = v
    for _ in range(n):
        r = ALPHA * v + (1 - ALPHA) * P @ r
    return r


@jax.custom_vjp
def ppr(teleport):
    return _iterate(teleport)


def ppr_fwd(v):
    return _iterate(v), None


def ppr_bwd(_, g):
    M = jnp.eye(4) - (1 - ALPHA) * P
    return (ALPHA * jnp.linalg.solve(M.T, g),)


ppr.defvjp(ppr_fwd, ppr_bwd)

seed = jnp.array([1.0, 0.0, 0.0, 0.0])
scores = ppr(seed)
print(scores)
print(jax.grad(lambda v: ppr(v)[2])(seed))
# which seeds explain node 2?  (adjoint of the linear map teleport -> scores)
ppr_T = jax.linear_transpose(ppr, seed)
print(ppr_T(jnp.array([0.0, 0.0, 1.0, 0.0])))
