"""Deconvolution by Landweber iterations with a memory-saving blur operator.

The blur's backward pass is implemented by hand (it is its own adjoint for a
symmetric kernel); the adjoint used by the solver is derived automatically.
"""
import functools
import logging

import numpy as np
import jax
import jax.numpy as jnp

logger = logging.getLogger(__name__)
logging.basicConfig(level=logging.WARNING)

KERNEL = jnp.array([0.25, 0.5, 0.25])


def _conv(x):
    return jnp.convolve(x, KERNEL, mode="same")


@jax.custom_vjp
def blur(x):
    return _conv(x)


def _blur_fwd(x):
    return _conv(x), None


def _blur_bwd(_, ct):
    return (_conv(ct),)


blur.defvjp(_blur_fwd, _blur_bwd)


class BlurOperator:
    def __init__(self, n):
        self.n = n
        self._adjoint = None

    @property
    def spec(self):
        return jax.ShapeDtypeStruct((self.n,), jnp.float32)

    def __call__(self, x):
        return blur(x)

    @property
    def adjoint(self):
        if self._adjoint is None:
            transposed = jax.linear_transpose(self.__call__, self.spec)
            self._adjoint = lambda y: transposed(y)[0]
        return self._adjoint


def landweber(op, y, n_iter=10, step=0.8):
    x = jnp.zeros_like(y)
    for k in range(n_iter):
        r = op(x) - y
        x = x - step * op.adjoint(r)
        if k % 5 == 0:
            logger.info("iter %d residual %.4e", k, float(jnp.linalg.norm(r)))
    return x


def make_signal(n, seed=0):
    rng = np.random.default_rng(seed)
    sig = np.zeros(n, np.float32)
    sig[rng.choice(n, 4, replace=False)] = 1.0
    return jnp.asarray(sig)


def psnr(a, b):
    mse = jnp.mean((a - b) ** 2)
    return 10.0 * jnp.log10(1.0 / (mse + 1e-12))


@functools.lru_cache(maxsize=None)
def operator_for(n):
    return BlurOperator(n)


if __name__ == "__main__":
    n = 32
    truth = make_signal(n)
    op = operator_for(n)
    observed = op(truth) + 0.01 * jax.random.normal(jax.random.PRNGKey(0), (n,))
    grad_check = jax.grad(lambda v: jnp.sum(op(v) ** 2))(truth)
    print("grad check", float(jnp.sum(grad_check)))
    estimate = landweber(op, observed)
    print("psnr", float(psnr(estimate, truth)))
