"""Recursive multigrid V-cycle for a 1-D Poisson problem; the coarsest solve is done on the host."""
import numpy as np
import jax
import jax.numpy as jnp

LEVELS = 1
DIRECT_MAX = 4


def host_solve(rhs, h):
    b = np.asarray(rhs, dtype=np.float64)
    hv = float(np.asarray(h))
    n = b.shape[0]
    A = (np.diag(np.full(n, 2.0)) - np.diag(np.ones(n - 1), 1) - np.diag(np.ones(n - 1), -1)) / hv ** 2
    return np.linalg.solve(A, b).astype(np.float32)


def coarse_solve(rhs, h):
    n = rhs.shape[0]
    if n <= DIRECT_MAX:
        A = (2 * jnp.eye(n) - jnp.eye(n, k=1) - jnp.eye(n, k=-1)) / h ** 2
        return jnp.linalg.solve(A, rhs)
    spec = jax.ShapeDtypeStruct(rhs.shape, rhs.dtype)
    return jax.pure_callback(host_solve, spec, rhs, h, vectorized=False)


def smooth(u, f, h, sweeps=2):
    for _ in range(sweeps):
        up = jnp.pad(u, 1)
        u = 0.5 * (up[:-2] + up[2:] + h ** 2 * f) * 0.8 + 0.2 * u
    return u


def residual(u, f, h):
    up = jnp.pad(u, 1)
    return f - (2 * u - up[:-2] - up[2:]) / h ** 2


def vcycle(u, f, h, level):
    if level == 0:
        return coarse_solve(f, h)
    u = smooth(u, f, h)
    r = residual(u, f, h)
    rc = 0.25 * r[0:-2:2] + 0.5 * r[1::2] + 0.25 * r[2::2]
    ec = vcycle(jnp.zeros_like(rc), rc, 2 * h, level - 1)
    e = jnp.zeros_like(u).at[1::2].set(ec)
    e = e.at[2:-1:2].set(0.5 * (ec[:-1] + ec[1:]))
    return smooth(u + e, f, h)


if __name__ == "__main__":
    n = 15
    h = 1.0 / (n + 1)
    f = jnp.ones(n, dtype=jnp.float32)
    u = jax.jit(lambda f: vcycle(jnp.zeros_like(f), f, h, LEVELS))(f)
    print("max u:", float(u.max()), "(exact 0.125)")
