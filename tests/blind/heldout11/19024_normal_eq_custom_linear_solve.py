# Models: ridge regression normal equations solved with lax.custom_linear_solve, the solve delegated to numpy.linalg on the host; gradient of validation loss w.r.t. targets
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

X = jnp.array([[1.0, 0.5, 0.0],
               [0.2, 1.0, 0.3],
               [0.0, 0.4, 1.0],
               [1.0, 1.0, 1.0]])
LAM = 0.1


def gram_matvec(w):
    return X.T @ (X @ w) + LAM * w


def _host_solve(rhs):
    A = np.asarray(X.T @ X) + LAM * np.eye(3)
    return np.linalg.solve(A, np.asarray(rhs)).astype(np.float32)


def dense_solve(matvec, rhs):
    del matvec  # operator is known on the host
    return jax.pure_callback(_host_solve, jax.ShapeDtypeStruct(rhs.shape, rhs.dtype), rhs,
                             vmap_method="sequential")


def ridge_fit(y):
    rhs = X.T @ y
    return lax.custom_linear_solve(gram_matvec, rhs, solve=dense_solve, symmetric=True)


def validation_loss(y, x_val, y_val):
    w = ridge_fit(y)
    return jnp.mean((x_val @ w - y_val) ** 2)


if __name__ == "__main__":
    y = jnp.array([1.0, 2.0, 0.5, 3.0])
    x_val = jnp.array([[0.5, 0.5, 0.5], [1.0, 0.0, 1.0]])
    y_val = jnp.array([1.5, 2.0])
    print(ridge_fit(y))
    print(jax.grad(validation_loss)(y, x_val, y_val))
