"""The same jitted function is called once inside a `try` that swallows the host's failure and
once outside any: the second call fails (a memoised first evaluation must not hide it)."""
import jax
import jax.numpy as jnp
import numpy as np


def host_cube(x):
    return (np.asarray(x) ** 3).astype(np.float32)


@jax.jit
def cubes(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_cube, spec, x, vectorized=True)  # EXPECT: JAX012


def probe(x):
    try:
        return cubes(x)
    except RuntimeError:
        return None


if __name__ == "__main__":
    x = jnp.arange(3.0)
    print(probe(x))
    print(cubes(x))
