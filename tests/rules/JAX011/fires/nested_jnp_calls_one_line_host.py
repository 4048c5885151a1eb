"""A residual logger run by `io_callback` inside a Newton loop takes the worst residual with
`jnp.max(jnp.abs(r))`: two JAX calls on one line of the host, one cause, reported once
(`analysis/host_lines.py`), its message naming both and its fix rewriting both."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

WORST = []


def log_worst(resid):
    r = np.asarray(resid)
    worst = float(jnp.max(jnp.abs(r)))  # EXPECT: JAX011
    WORST.append(worst)
    return np.float32(worst)


@jax.jit
def newton(x):
    def body(i, x):
        fx = x ** 3 - 2.0
        io_callback(log_worst, jax.ShapeDtypeStruct((), jnp.float32), fx)
        return x - fx / (3.0 * x ** 2)
    return jax.lax.fori_loop(0, 3, body, x)


if __name__ == "__main__":
    print(np.asarray(newton(jnp.full(4, 1.5))), WORST)
