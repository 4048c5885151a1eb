import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def _k1_host(x):
    vals = special.k1(np.asarray(x))
    return np.asarray(vals, dtype=np.float32)


@jax.jit
def drag(r, kappa):
    shape = jax.ShapeDtypeStruct(r.shape, r.dtype)
    k1 = jax.pure_callback(_k1_host, shape, kappa * r, vmap_method="sequential")
    return jnp.exp(-r) * k1


if __name__ == "__main__":
    r = jnp.linspace(0.1, 1.0, 4)
    print(drag(r, 2.0))
