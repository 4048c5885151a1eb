"""A map() over cases that nothing consumes: its function, which calls a host given `vectorized=`, never runs."""
import numpy as np
import jax
import jax.numpy as jnp


def scale_host(x):
    return (2.0 * np.asarray(x)).astype(np.float32)


def scaled(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(scale_host, spec, x, vectorized=False)


def run_case(n):
    return float(jnp.sum(scaled(jnp.ones(n))))


CASES = [2, 3, 4]

if __name__ == "__main__":
    pending = map(run_case, CASES)
    print(len(CASES), "cases queued:", type(pending).__name__)
