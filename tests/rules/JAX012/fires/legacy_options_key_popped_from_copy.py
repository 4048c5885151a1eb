"""A helper pops `vectorized` from a copy of the options (`options.copy()`): the module-level
options spread into the callback keep it, and the host gets the keyword."""
import jax
import jax.numpy as jnp
import numpy as np

LEGACY = {"vectorized": True, "vmap_method": "sequential"}


def host_rank(x):
    return np.argsort(np.argsort(np.asarray(x))).astype(np.float32)


def modernise(options):
    cleaned = options.copy()
    cleaned.pop("vectorized", None)
    return cleaned


@jax.jit
def ranks(x):
    return jax.pure_callback(host_rank, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             **LEGACY)


if __name__ == "__main__":
    modernise(LEGACY)
    print(ranks(jnp.array([3.0, 1.0, 2.0])))
