"""A handler that catches the host's failure (`except Exception`) but raises it again after
logging it does not let the program go on."""
import jax
import jax.numpy as jnp
import numpy as np


def host_cube(x):
    return (np.asarray(x) ** 3).astype(np.float32)


@jax.jit
def cubes(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_cube, spec, x, vectorized=False)  # EXPECT: JAX012


def main():
    try:
        return cubes(jnp.arange(3.0))
    except Exception as err:
        print("the host cube failed:", type(err).__name__)
        raise


if __name__ == "__main__":
    print(main())
