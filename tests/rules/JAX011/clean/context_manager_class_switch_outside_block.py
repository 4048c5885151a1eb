"""a class-based context manager switches the reference mode on for its block only; the
jitted step runs after the block, where its __exit__ has switched it off: the host's JAX
branch never runs"""
import jax
import jax.numpy as jnp
import numpy as np

REFERENCE = False


class reference_mode:
    def __enter__(self):
        global REFERENCE
        REFERENCE = True
        return self

    def __exit__(self, *exc):
        global REFERENCE
        REFERENCE = False
        return False


def _host(x):
    x = np.asarray(x)
    if REFERENCE:
        return np.asarray(jnp.tanh(x))
    return np.tanh(x).astype(np.float32)


@jax.jit
def step(x):
    return jax.pure_callback(_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


if __name__ == "__main__":
    with reference_mode():
        print("reference on")
    print(step(jnp.ones(3)))
