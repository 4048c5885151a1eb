# Models an operator toolkit (Protocol interface, plugin backends incl. a SciPy one) where the adjoint is derived by linear_transpose.
import jax
import jax.numpy as jnp
from opkit import get_backend

BACKEND = "banded"


def adjoint_apply(kind, x, y):
    A = get_backend(kind)(size=x.shape[0])
    (aty,) = jax.linear_transpose(A.apply, x)(y)
    return aty


if __name__ == "__main__":
    x = jnp.ones(5)
    print(adjoint_apply(BACKEND, x, jnp.arange(5.0)))
    print(get_backend("host_sparse")(size=5).apply(x))
