# after https://github.com/jax-ml/jax/issues/4106 and #16049: scipy expm with custom_vjp, then a Laplace approx
import jax
import jax.numpy as jnp
import numpy as np
import scipy.linalg


def _expm_host(a):
    return scipy.linalg.expm(a).astype(a.dtype)


def _frechet_host(a, e):
    return scipy.linalg.expm_frechet(a, e, compute_expm=False).astype(a.dtype)


@jax.custom_vjp
def expm(a):
    return jax.pure_callback(_expm_host, jax.ShapeDtypeStruct(a.shape, a.dtype), a)


def expm_fwd(a):
    return expm(a), a


def expm_bwd(a, g):
    # adjoint of the Frechet derivative is the Frechet derivative at a.T
    out = jax.pure_callback(_frechet_host, jax.ShapeDtypeStruct(a.shape, a.dtype), a.T, g)
    return (out,)


expm.defvjp(expm_fwd, expm_bwd)


def neg_log_post(theta):
    gen = jnp.array([[-theta[0], theta[0]], [theta[1], -theta[1]]])
    P = expm(0.5 * gen)
    counts = jnp.array([[8.0, 2.0], [3.0, 7.0]])
    return -jnp.sum(counts * jnp.log(P)) + 0.5 * jnp.sum(theta ** 2)


theta_map = jnp.array([0.4, 0.6])
print(jax.grad(neg_log_post)(theta_map))
H = jax.hessian(neg_log_post)(theta_map)
print("posterior cov", jnp.linalg.inv(H))
