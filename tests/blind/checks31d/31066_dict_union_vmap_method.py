"""Per-site soil moisture retention curves; callback options merged with `|`."""
import jax
import jax.numpy as jnp
import numpy as np

SOLVER_OPTS = {"vectorized": True}          # kept for the SciPy-side solver configuration
CALLBACK_OPTS = dict(sharding=None) | {"vmap_method": "sequential"}


def van_genuchten(h, alpha, n):
    h, alpha, n = np.asarray(h), np.asarray(alpha), np.asarray(n)
    m = 1 - 1 / n
    return ((1 + (alpha * np.abs(h)) ** n) ** (-m)).astype(h.dtype)


def retention(h, alpha, n):
    return jax.pure_callback(van_genuchten, jax.ShapeDtypeStruct(h.shape, h.dtype), h, alpha, n,
                             **CALLBACK_OPTS)


@jax.jit
def sites(h, alphas, ns):
    return jax.vmap(retention, in_axes=(None, 0, 0))(h, alphas, ns)


if __name__ == "__main__":
    h = jnp.array([-10.0, -100.0, -1000.0])
    print(sites(h, jnp.array([0.02, 0.05]), jnp.array([1.5, 2.0])), SOLVER_OPTS)
