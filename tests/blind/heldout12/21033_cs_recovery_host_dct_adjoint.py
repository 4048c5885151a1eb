# Models: compressed-sensing recovery where the sparsifying transform is SciPy's orthonormal DCT called via pure_callback; the script builds the adjoint measurement operator with jax.linear_transpose and runs ISTA.
import jax
import jax.numpy as jnp
import numpy as np
from scipy.fft import dct

N, M = 16, 8


def _dct_host(x):
    return dct(np.asarray(x, np.float64), norm="ortho").astype(np.float32)


def dct_op(x):
    return jax.pure_callback(_dct_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


def make_measurement(key):
    mask_idx = jax.random.choice(key, N, (M,), replace=False)

    def measure(coeffs):
        return dct_op(coeffs)[mask_idx]

    return measure


def soft_threshold(v, lam):
    """Proximal operator of lam * ||v||_1."""
    return jnp.sign(v) * jnp.maximum(jnp.abs(v) - lam, 0.0)


def ista(measure, y, lam=0.02, iters=15, step=0.9):
    adjoint = jax.linear_transpose(measure, jnp.zeros(N, jnp.float32))
    x = jnp.zeros(N, jnp.float32)
    for _ in range(iters):
        resid = measure(x) - y
        (grad,) = adjoint(resid)
        x = soft_threshold(x - step * grad, step * lam)
    return x


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    k_mask, k_sig = jax.random.split(key)
    truth = jnp.zeros(N).at[jnp.array([2, 9])].set(jnp.array([1.0, -0.7]))
    measure = make_measurement(k_mask)
    y = measure(truth)
    print("measurements", y.shape)
    print("nonzeros in truth", int(jnp.sum(truth != 0)))
    x_hat = ista(measure, y)
    print("recovery error", float(jnp.linalg.norm(x_hat - truth)))
