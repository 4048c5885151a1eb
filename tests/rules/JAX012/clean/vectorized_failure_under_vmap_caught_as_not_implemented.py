"""Under `jax.vmap`, a `pure_callback` with no `vmap_method` fails in JAX's batching rule
(`NotImplementedError`) before its host runs: a handler of `NotImplementedError` swallows it
and the program goes on with a per-row loop."""
import jax
import jax.numpy as jnp
import numpy as np


def host_norm(row):
    return np.float32(np.linalg.norm(np.asarray(row)))


def row_norm(row):
    return jax.pure_callback(host_norm, jax.ShapeDtypeStruct((), jnp.float32), row,
                             vectorized=True)


def norms(rows):
    try:
        return jax.vmap(row_norm)(rows)
    except NotImplementedError:
        return jnp.stack([jnp.linalg.norm(r) for r in rows])


if __name__ == "__main__":
    print(norms(jnp.ones((3, 4))))
