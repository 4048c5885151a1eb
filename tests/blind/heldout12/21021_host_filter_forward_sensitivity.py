# Models: a 1-D signal model passed through a SciPy sparse smoother wrapped as a custom_jvp (host callback on primal and on tangent); parameter sensitivities are computed in forward mode with jax.jvp.
import jax
import jax.numpy as jnp
import numpy as np
import scipy.sparse as sparse
from scipy.sparse.linalg import factorized

GRID = 10
_A = (sparse.eye(GRID) + 0.3 * sparse.diags([-1.0, 2.0, -1.0], [-1, 0, 1],
                                               shape=(GRID, GRID))).tocsc()
_solve = factorized(_A)


def _apply_inverse(v):
    return _solve(np.asarray(v, dtype=np.float64)).astype(np.float32)


def implicit_filter_host(v):
    return jax.pure_callback(_apply_inverse, jax.ShapeDtypeStruct(v.shape, jnp.float32), v,
                             vmap_method="sequential")


implicit_filter = jax.custom_jvp(implicit_filter_host)


def _filter_tangent(primals, tangents):
    (v,), (dv,) = primals, tangents
    return implicit_filter_host(v), implicit_filter_host(dv)


implicit_filter.defjvp(_filter_tangent)


class SignalModel:
    def __init__(self, grid):
        self.grid = grid

    def __call__(self, theta):
        decay, shift = theta[0], theta[1]
        raw = jnp.exp(-decay * self.grid) * jnp.cos(self.grid - shift)
        return implicit_filter(raw)


def directional_sensitivities(model, theta):
    basis = jnp.eye(theta.shape[0])
    cols = []
    for direction in basis:
        _, tangent_out = jax.jvp(model, (theta,), (direction,))
        cols.append(tangent_out)
    return jnp.stack(cols, axis=1)


if __name__ == "__main__":
    model = SignalModel(jnp.linspace(0.0, 4.0, GRID))
    theta = jnp.array([0.4, 1.1])
    y = model(theta)
    S = directional_sensitivities(model, theta)
    fd = (model(theta + jnp.array([1e-3, 0.0])) - y) / 1e-3
    print("output", y[:3])
    print("sensitivity shape", S.shape, "fd check", float(jnp.max(jnp.abs(fd - S[:, 0]))))
    J = jax.jit(jax.jacfwd(model))(theta)
    print("jacfwd agrees", bool(jnp.allclose(J, S, atol=1e-4)))
