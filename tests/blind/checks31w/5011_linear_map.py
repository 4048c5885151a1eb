"""Matrix-free linear operators: `op @ x` applies the operator, `x @ op` applies its adjoint."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def apply_op(mat, x):
    return mat @ x


def _apply_fwd(mat, x):
    return mat @ x, (mat, x)


def _apply_bwd(res):
    mat, x = res
    return jnp.zeros_like(mat), mat.T


apply_op.defvjp(_apply_fwd, _apply_bwd)


@jax.custom_vjp
def apply_adjoint(x, mat):
    return x @ mat


def _adj_fwd(x, mat):
    return x @ mat, (x, mat)


def _adj_bwd(res, g):
    x, mat = res
    return g @ mat.T, jnp.outer(x, g)


apply_adjoint.defvjp(_adj_fwd, _adj_bwd)


class LinearOperator:
    def __init__(self, mat):
        self.mat = mat

    @property
    def shape(self):
        return self.mat.shape

    def __matmul__(self, x):
        return apply_op(self.mat, x)

    def __rmatmul__(self, x):
        return apply_adjoint(x, self.mat)


def laplacian_1d(n):
    main = -2.0 * jnp.ones(n)
    off = jnp.ones(n - 1)
    return jnp.diag(main) + jnp.diag(off, 1) + jnp.diag(off, -1)


def dirichlet_energy(u, op):
    return -0.5 * jnp.dot(u @ op, u)


if __name__ == "__main__":
    op = LinearOperator(laplacian_1d(6))
    u = jnp.sin(jnp.linspace(0, jnp.pi, 6))
    print(dirichlet_energy(u, op))
    print(jax.grad(dirichlet_energy)(u, op))
