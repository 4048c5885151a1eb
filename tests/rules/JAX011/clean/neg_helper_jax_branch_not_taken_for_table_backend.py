"""A helper reduces with JAX or NumPy by the backend a table names; the host asks for the
evaluation entry's, NumPy: its run never reaches the JAX branch."""
import jax
import jax.numpy as jnp
import numpy as np

BACKENDS = dict(train="jax", eval="numpy")


def reduce_rows(x, backend):
    if backend == "jax":
        return np.asarray(jnp.sum(x, axis=1))
    return np.sum(x, axis=1)


def host(x):
    return reduce_rows(np.asarray(x), BACKENDS["eval"]).astype(np.float32)


@jax.jit
def row_sums(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape[:1], jnp.float32), x)


print(row_sums(jnp.ones((2, 3))))
