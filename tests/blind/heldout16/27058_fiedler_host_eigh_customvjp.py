"""Differentiable algebraic connectivity (Fiedler value) of a weighted graph, eigh done by LAPACK on the host."""
import numpy as np
import jax
import jax.numpy as jnp

src = jnp.array([0, 1, 2, 3, 0, 1])
dst = jnp.array([1, 2, 3, 4, 4, 3])
N = 5


def laplacian(w):
    Adj = jnp.zeros((N, N)).at[src, dst].add(w).at[dst, src].add(w)
    return jnp.diag(Adj.sum(1)) - Adj


def _fiedler_host(L):
    vals, vecs = np.linalg.eigh(np.asarray(L))
    return np.float32(vals[1]), vecs[:, 1].astype(np.float32)


def _fiedler(L):
    spec = (jax.ShapeDtypeStruct((), jnp.float32), jax.ShapeDtypeStruct((N,), jnp.float32))
    return jax.pure_callback(_fiedler_host, spec, L)


@jax.custom_vjp
def fiedler_value(L):
    return _fiedler(L)[0]


def fv_fwd(L):
    lam, v = _fiedler(L)
    return lam, v


def fv_bwd(v, g):
    return (g * jnp.outer(v, v),)


fiedler_value.defvjp(fv_fwd, fv_bwd)


def objective(log_w):
    w = jnp.exp(log_w)
    return -fiedler_value(laplacian(w)) + 0.1 * jnp.sum(w)


log_w = jnp.zeros(src.shape[0])
for _ in range(20):
    log_w = log_w - 0.2 * jax.grad(objective)(log_w)
print(jnp.exp(log_w), fiedler_value(laplacian(jnp.exp(log_w))))
