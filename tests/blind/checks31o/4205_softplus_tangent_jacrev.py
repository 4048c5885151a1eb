"""Softplus with a hand-written JVP that writes each tangent to an ordered trace."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

TANGENT_LOG = []


def _push(t):
    TANGENT_LOG.append(np.asarray(t).copy())


@jax.custom_jvp
def softplus(x):
    return jnp.logaddexp(x, 0.0)


@softplus.defjvp
def _softplus_jvp(primals, tangents):
    (x,), (tx,) = primals, tangents
    io_callback(_push, None, tx, ordered=True)
    return softplus(x), jax.nn.sigmoid(x) * tx


def potential(x):
    return jnp.sum(softplus(x) * jnp.array([1.0, 2.0, 0.5]))


def force_field(x):
    return softplus(x) - 0.1 * x


def sensitivity_matrix(x):
    return jax.jacrev(force_field)(x)


def moving_average(values, window=3):
    values = np.asarray(values, dtype=float)
    if values.size < window:
        return values.copy()
    kernel = np.ones(window) / window
    return np.convolve(values, kernel, mode="valid")


def relative_change(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.abs(a - b) / (np.abs(b) + 1e-12)


if __name__ == "__main__":
    x = jnp.array([0.3, -1.2, 2.0])
    print("potential", float(potential(x)))
    jac = sensitivity_matrix(x)
    print("jacobian diag", jnp.diag(jac))
    print("tangents logged", len(TANGENT_LOG))
