"""Graph heat-kernel diffusion with scipy's expm_multiply; tangent rule reuses the same kernel."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy.sparse.linalg import expm_multiply

N = 5
src = np.array([0, 1, 2, 3, 0])
dst = np.array([1, 2, 3, 4, 2])
Adj = np.zeros((N, N), np.float32)
Adj[src, dst] = Adj[dst, src] = 1.0
LAP = np.diag(Adj.sum(1)) - Adj
T_DIFF = 0.7


def _heat(x):
    return expm_multiply(-T_DIFF * LAP, np.asarray(x)).astype(np.float32)


def heat_apply(x):
    return jax.pure_callback(_heat, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def diffuse(signal):
    return heat_apply(signal)


@diffuse.defjvp
def _diffuse_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    # the map is linear, so the tangent is diffused with the same kernel
    return heat_apply(x), heat_apply(dx)


def reconstruction_loss(source, observed):
    return jnp.sum((diffuse(source) - observed) ** 2)


observed = jnp.array([0.1, 0.4, 0.3, 0.1, 0.0])
print(jax.jvp(diffuse, (observed,), (jnp.ones(N),))[1])
source = jnp.zeros(N)
for _ in range(10):
    source = source - 0.3 * jax.grad(reconstruction_loss)(source, observed)
print(source)
