# Models: matrix-free adjoint of a power-iteration style map: jax.linearize a loop with a data-dependent trip count, then jax.linear_transpose the linear map
import jax
import jax.numpy as jnp
from jax import lax

A = jnp.array([[0.9, 0.1, 0.0],
               [0.0, 0.8, 0.2],
               [0.1, 0.0, 0.7]])


def propagate(v, n_steps):
    def body(_, u):
        w = A @ u
        return w / (1.0 + 0.1 * jnp.sum(w ** 2))
    return lax.fori_loop(0, n_steps, body, v)


@jax.jit
def tangent_and_adjoint(v0, n_steps, probe, cot):
    out, lin = jax.linearize(lambda v: propagate(v, n_steps), v0)
    adj = jax.linear_transpose(lin, v0)
    (ct,) = adj(cot)
    return out, lin(probe), ct


def spectral_radius(mat, iters=50):
    v = jnp.ones(mat.shape[0])
    for _ in range(iters):
        v = mat @ v
        v = v / jnp.linalg.norm(v)
    return jnp.linalg.norm(mat @ v)


def dot_test(jv_in, jv_out, ct_in, ct_out):
    lhs = jnp.dot(jv_out, ct_in)
    rhs = jnp.dot(jv_in, ct_out)
    return jnp.abs(lhs - rhs) / (jnp.abs(lhs) + 1e-12)


if __name__ == "__main__":
    print("rho(A) =", spectral_radius(A))
    v0 = jnp.array([1.0, 0.5, -0.2])
    n = jnp.int32(3)  # read from a config in the real code
    out, jv, ct = tangent_and_adjoint(v0, n, jnp.ones(3), jnp.array([1.0, 0.0, 0.0]))
    print(out)
    print(jv)
    print(ct)
