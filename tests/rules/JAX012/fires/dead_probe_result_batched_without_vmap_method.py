"""A norm 'probe' whose result the jitted step never reads, but the step is vmapped: the
callback's batching rule refuses `vectorized=` with no `vmap_method` as it is traced, before
jit could remove the dead call."""
import jax
import jax.numpy as jnp
import numpy as np


def host_norm(g):
    return np.float32(np.linalg.norm(np.asarray(g)))


def probe(g):
    return jax.pure_callback(host_norm, jax.ShapeDtypeStruct((), jnp.float32), g,  # EXPECT: JAX012
                             vectorized=True)


@jax.jit
def step(w):
    g = jnp.cos(w)
    unused = probe(g)
    return w - 0.1 * g


if __name__ == "__main__":
    print(jax.vmap(step)(jnp.ones((2, 3))))
