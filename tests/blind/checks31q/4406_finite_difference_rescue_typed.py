"""Gradient of a bilinear energy; if autodiff fails we fall back to central finite differences."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_vjp
def bilinear(u, v, A):
    return u @ A @ v


def _bilinear_fwd(u, v, A):
    return u @ A @ v, (u, v, A)


def _bilinear_bwd(res, g):
    u, v, A = res
    return g * (A @ v), g * (A.T @ u)


bilinear.defvjp(_bilinear_fwd, _bilinear_bwd)


def energy(u, v, A):
    return bilinear(u, v, A) + 0.5 * jnp.sum(u ** 2)


def fd_grad(f, x, eps=1e-3):
    x = np.asarray(x, dtype=np.float64)
    out = np.zeros_like(x)
    for i in range(x.size):
        e = np.zeros_like(x)
        e[i] = eps
        out[i] = (float(f(jnp.asarray(x + e))) - float(f(jnp.asarray(x - e)))) / (2 * eps)
    return out


def robust_grad(u, v, A):
    try:
        g = jax.grad(energy)(u, v, A)
    except (TypeError, ValueError) as exc:
        print("autodiff failed, using finite differences:", type(exc).__name__)
        g = fd_grad(lambda uu: energy(uu, v, A), u)
    else:
        g = np.asarray(g)
    finally:
        print("gradient evaluated")
    return g


if __name__ == "__main__":
    u = jnp.array([1.0, 2.0])
    v = jnp.array([0.5, -1.0])
    A = jnp.array([[1.0, 0.2], [0.2, 2.0]])
    print(robust_grad(u, v, A))
