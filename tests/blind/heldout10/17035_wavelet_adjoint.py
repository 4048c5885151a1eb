"""Sparse recovery with ISTA.  The analysis operator is a Haar transform
implemented with NumPy on the host (as one would wrap PyWavelets)."""
import logging
from dataclasses import dataclass

import numpy as np
import jax
import jax.numpy as jnp

logging.basicConfig(level=logging.INFO)
LOG = logging.getLogger("ista")


def haar_host(x):
    x = np.asarray(x, np.float64).copy()
    n = x.shape[-1]
    out = x.copy()
    while n > 1:
        half = n // 2
        a = (x[:n:2] + x[1:n:2]) / np.sqrt(2)
        d = (x[:n:2] - x[1:n:2]) / np.sqrt(2)
        out[:half], out[half:n] = a, d
        x = out.copy()
        n = half
    return out.astype(np.float32)


@dataclass
class HaarTransform:
    n: int

    def __call__(self, x):
        return jax.pure_callback(haar_host, jax.ShapeDtypeStruct((self.n,), jnp.float32), x,
                                 vmap_method="sequential")

    def adjoint(self, c):
        (out,) = jax.linear_transpose(self.__call__, jax.ShapeDtypeStruct((self.n,), jnp.float32))(c)
        return out


def soft_threshold(c, t):
    return jnp.sign(c) * jnp.maximum(jnp.abs(c) - t, 0.0)


class ISTA:
    def __init__(self, W: HaarTransform, lam=0.05, step=1.0):
        self.W = W
        self.lam = lam
        self.step = step

    def iterate(self, c, y):
        x = self.W.adjoint(c)
        grad = self.W(x - y)
        return soft_threshold(c - self.step * grad, self.lam * self.step)

    def run(self, y, iters=10):
        c = self.W(y)
        for k in range(iters):
            c = self.iterate(c, y)
            if k % 5 == 0:
                LOG.info("iter %d nnz=%d", k, int(jnp.sum(c != 0)))
        return self.W.adjoint(c)


def piecewise_constant(n=16, seed=0):
    rng = np.random.default_rng(seed)
    base = np.repeat(rng.normal(size=4), n // 4).astype(np.float32)
    return jnp.asarray(base), jnp.asarray(base + 0.1 * rng.normal(size=n).astype(np.float32))


def environment_summary():
    import platform
    devices = jax.devices()
    return {
        "python": platform.python_version(),
        "jax": jax.__version__,
        "numpy": np.__version__,
        "backend": devices[0].platform if devices else "none",
        "n_devices": len(devices),
    }


def format_summary(d):
    width = max(len(k) for k in d)
    return "\n".join(f"{k.ljust(width)} : {v}" for k, v in d.items())


if __name__ == "__main__":
    clean, noisy = piecewise_constant()
    W = HaarTransform(16)
    coeffs = W(noisy)
    print("energy preserved", float(jnp.sum(coeffs ** 2)), float(jnp.sum(noisy ** 2)))
    recon = ISTA(W).run(noisy)
    print("error", float(jnp.linalg.norm(recon - clean)))
