import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v ** 2) + 1e-12)

def _fwd(v):
    n = safe_norm(v)
    return n, (v, n)

def _bwd(res, g):
    v, n = res
    return (g * v / n,)

safe_norm.defvjp(_fwd, _bwd)

grid = jnp.array([[float(i + j) for j in range(3)] for i in range(2)])
pairs = [(r, c) for r in range(grid.shape[0]) for c in range(grid.shape[1]) if (r + c) % 2 == 0]
print(pairs)

def features(x):
    return jnp.stack([safe_norm(x * grid[r, c]) for r, c in pairs])

x = jnp.array([0.3, -0.4])
print(jax.jacrev(features)(x))
print(jax.jacfwd(features)(x))
