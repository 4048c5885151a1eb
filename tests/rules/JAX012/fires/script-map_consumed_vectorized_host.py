"""A map() over cases consumed by list(): its function calls a host given `vectorized=`, which JAX hands on."""
import numpy as np
import jax
import jax.numpy as jnp


def scale_host(x):
    return (2.0 * np.asarray(x)).astype(np.float32)


def scaled(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(scale_host, spec, x, vectorized=False)  # EXPECT: JAX012


def run_case(n):
    return float(jnp.sum(scaled(jnp.ones(n))))


CASES = [2, 3, 4]

if __name__ == "__main__":
    pending = list(map(run_case, CASES))
    print(len(CASES), "cases queued:", type(pending).__name__)
