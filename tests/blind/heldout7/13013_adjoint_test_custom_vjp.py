"""Dot-product (adjoint) test for a finite-difference gradient operator whose
backward pass is hand-written with custom_vjp."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_vjp
def grad_op(u):
    return (u[1:] - u[:-1]) / 0.1


def _grad_fwd(u):
    return grad_op(u), None


def _grad_bwd(_, g):
    z = jnp.zeros(g.shape[0] + 1, g.dtype)
    return ((z.at[:-1].add(-g).at[1:].add(g)) / 0.1,)


grad_op.defvjp(_grad_fwd, _grad_bwd)

rng = np.random.default_rng(0)
u = jnp.asarray(rng.normal(size=8), jnp.float32)
v = jnp.asarray(rng.normal(size=7), jnp.float32)

# reverse-mode adjoint
_, pullback = jax.vjp(grad_op, u)
lhs = jnp.dot(grad_op(u), v)
rhs = jnp.dot(u, pullback(v)[0])
print("vjp adjoint test:", lhs, rhs)

# the same test through linear_transpose
grad_op_T = jax.linear_transpose(grad_op, u)
(uT,) = grad_op_T(v)
print("transpose adjoint test:", jnp.dot(u, uT))
