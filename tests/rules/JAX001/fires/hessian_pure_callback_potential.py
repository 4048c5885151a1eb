"""jax.hessian of a potential whose pairwise term is computed on the host."""
import jax
import jax.numpy as jnp
import numpy as np


def host_pair_energy(r):
    r = np.asarray(r)
    return np.asarray(np.sum(1.0 / (1.0 + r ** 2)), dtype=np.float32)


def potential(r):
    pair = jax.pure_callback(  # EXPECT: JAX001
        host_pair_energy, jax.ShapeDtypeStruct((), r.dtype), r, vmap_method="sequential"
    )
    return pair + 0.5 * jnp.sum(r ** 2)


print(jax.hessian(potential)(jnp.array([0.5, 1.5])))
