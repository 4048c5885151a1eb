"""A norm 'probe' whose result the jitted step never reads: jit removes the pure_callback as
dead code, its host never runs, and the stale `vectorized=` it would be handed fails nothing."""
import jax
import jax.numpy as jnp
import numpy as np


def host_norm(g):
    return np.float32(np.linalg.norm(np.asarray(g)))


def probe(g):
    return jax.pure_callback(host_norm, jax.ShapeDtypeStruct((), jnp.float32), g,
                             vectorized=True)


@jax.jit
def step(w):
    g = jax.grad(lambda v: jnp.sum(jnp.sin(v) ** 2))(w)
    unused = probe(g)
    return w - 0.1 * g


if __name__ == "__main__":
    print(step(jnp.ones(3)))
