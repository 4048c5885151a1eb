# Models a linear-operator library (ABC + backends) where a SciPy sparse matvec backend is adjointed via linear_transpose.
import jax
import jax.numpy as jnp
import linops

op = linops.make_operator("scipy_csr", n=4)
v = jnp.arange(4.0)

if __name__ == "__main__":
    print("A v =", op.matvec(v))
    adjoint = jax.linear_transpose(op.matvec, v)
    (w,) = adjoint(jnp.ones(4))
    print("A^T 1 =", w)
