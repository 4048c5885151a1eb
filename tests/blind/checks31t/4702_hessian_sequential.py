"""Hessian of a likelihood whose link derivative comes from a host routine."""
import numpy as np
import jax
import jax.numpy as jnp


def host_probit_pdf(z):
    zv = np.asarray(z, dtype=np.float64)
    return (np.exp(-0.5 * zv ** 2) / np.sqrt(2 * np.pi)).astype(np.float32)


@jax.custom_jvp
def probit(z):
    return 0.5 * (1.0 + jax.scipy.special.erf(z / jnp.sqrt(2.0)))


@probit.defjvp
def _probit_jvp(primals, tangents):
    (z,), (t,) = primals, tangents
    spec = jax.ShapeDtypeStruct(z.shape, jnp.float32)
    pdf = jax.pure_callback(host_probit_pdf, spec, jax.lax.stop_gradient(z),
                            vmap_method="sequential")
    return probit(z), pdf * t


def neg_log_lik(beta, X, y):
    p = jnp.clip(probit(X @ beta), 1e-6, 1 - 1e-6)
    return -jnp.sum(y * jnp.log(p) + (1 - y) * jnp.log1p(-p))


def laplace_cov(beta, X, y):
    H = jax.hessian(neg_log_lik)(beta, X, y)
    return jnp.linalg.inv(H + 1e-3 * jnp.eye(H.shape[0]))


if __name__ == "__main__":
    X = jnp.array([[1.0, 0.2], [1.0, -0.5], [1.0, 1.3], [1.0, 0.0]], dtype=jnp.float32)
    y = jnp.array([1.0, 0.0, 1.0, 0.0], dtype=jnp.float32)
    beta = jnp.array([0.1, 0.4], dtype=jnp.float32)
    print("cov:\n", np.round(np.asarray(laplace_cov(beta, X, y)), 4))
