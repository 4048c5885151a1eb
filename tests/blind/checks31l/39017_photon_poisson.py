"""Poisson regression of photon counts; the log-likelihood normaliser runs on the host."""
import math
import numpy as np
import scipy.special as sps
import jax
import jax.numpy as jnp
import jax.scipy.special as jsp


class Precision:
    """Process-wide switch between the fast and the reference log-gamma."""
    reference = False

    def __init__(self, reference=True):
        self._want = reference
        self._saved = None

    def __enter__(self):
        self._saved = Precision.reference
        Precision.reference = self._want
        return self

    def __exit__(self, *exc):
        Precision.reference = self._saved
        return False


def _log_factorial_host(k):
    k = np.asarray(k, dtype=np.float64)
    if Precision.reference:
        out = np.asarray(jsp.gammaln(k + 1.0))
    else:
        out = sps.gammaln(k + 1.0)
    return out.astype(np.float32)


def log_factorial(k):
    return jax.pure_callback(_log_factorial_host, jax.ShapeDtypeStruct(k.shape, jnp.float32), k)


def neg_log_lik(params, x, counts):
    rate = jnp.exp(params["w"] * x + params["b"])
    norm = jax.lax.stop_gradient(log_factorial(counts))
    return -jnp.sum(counts * jnp.log(rate) - rate - norm)


@jax.jit
def sgd_step(params, x, counts, lr=1e-3):
    loss, g = jax.value_and_grad(neg_log_lik)(params, x, counts)
    return jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g), loss


if __name__ == "__main__":
    x = jnp.linspace(0.0, 1.0, 12)
    counts = jnp.array([1, 2, 2, 3, 4, 4, 6, 7, 8, 10, 12, 14], dtype=jnp.float32)
    params = {"w": jnp.float32(0.5), "b": jnp.float32(0.2)}
    with Precision(reference=False):
        params, loss = sgd_step(params, x, counts)
    for _ in range(5):
        params, loss = sgd_step(params, x, counts)
    print("loss", float(loss), "w", float(params["w"]), "b", float(params["b"]))
    print("check:", math.lgamma(5.0))
