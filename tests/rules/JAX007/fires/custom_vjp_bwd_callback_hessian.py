"""custom_vjp with a JAX forward and a host adjoint solve in bwd: grad works, hessian differentiates the bwd's callback."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.linalg

A = np.array([[3.0, 1.0], [0.5, 2.0]], np.float32)


@jax.custom_vjp
def solve(b):
    return jnp.linalg.solve(jnp.asarray(A), b)


def solve_fwd(b):
    return jnp.linalg.solve(jnp.asarray(A), b), None


def solve_bwd(_, g):
    adj = jax.pure_callback(lambda v: scipy.linalg.solve(A.T, v).astype(np.float32),  # EXPECT: JAX007
                            jax.ShapeDtypeStruct(g.shape, g.dtype), g, vmap_method="sequential")
    return (adj,)


solve.defvjp(solve_fwd, solve_bwd)


def objective(b):
    x = solve(b)
    return jnp.sum(x ** 2) + jnp.sum(jnp.sin(x))


b = jnp.array([1.0, -1.0])
print(jax.grad(objective)(b))
print(jax.hessian(objective)(b))
