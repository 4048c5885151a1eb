"""A small library of linear operators, looked up by name, with adjoints
obtained automatically.  Used here for a least-squares denoising demo."""
from functools import partial
from typing import Callable, Dict

import numpy as np
import jax
import jax.numpy as jnp

OPERATORS: Dict[str, Callable] = {}


def operator(name):
    def deco(fn):
        OPERATORS[name] = fn
        return fn
    return deco


@operator("identity")
def identity(x):
    return x


@operator("forward_diff")
def forward_diff(x):
    return jnp.concatenate([x[1:] - x[:-1], jnp.zeros(1, x.dtype)])


@jax.custom_vjp
def _cumsum_op(x):
    return jnp.cumsum(x)


def _cumsum_fwd(x):
    return jnp.cumsum(x), None


def _cumsum_bwd(_, g):
    return (jnp.cumsum(g[::-1])[::-1],)


_cumsum_op.defvjp(_cumsum_fwd, _cumsum_bwd)


@operator("integrate")
def integrate(x):
    return _cumsum_op(x)


def adjoint_of(name, n):
    fn = OPERATORS[name]
    t = jax.linear_transpose(fn, jax.ShapeDtypeStruct((n,), jnp.float32))
    return lambda y: t(y)[0]


class LeastSquares:
    def __init__(self, op_name, reg_name, lam, n):
        self.A = OPERATORS[op_name]
        self.AT = adjoint_of(op_name, n)
        self.R = OPERATORS[reg_name]
        self.RT = adjoint_of(reg_name, n)
        self.lam = lam

    def normal_matvec(self, x):
        return self.AT(self.A(x)) + self.lam * self.RT(self.R(x))

    def solve(self, b, iters=30):
        rhs = self.AT(b)
        x, _ = jax.scipy.sparse.linalg.cg(self.normal_matvec, rhs, maxiter=iters)
        return x


def signal(n=32, seed=0):
    rng = np.random.default_rng(seed)
    t = np.linspace(0, 1, n)
    clean = np.where(t > 0.5, 1.0, 0.0) + 0.3 * t
    return jnp.asarray(clean, jnp.float32), jnp.asarray(clean + 0.1 * rng.normal(size=n), jnp.float32)


if __name__ == "__main__":
    n = 32
    clean, noisy = signal(n)
    denoise = LeastSquares("identity", "forward_diff", lam=2.0, n=n)
    x = denoise.solve(noisy)
    print("denoise error", float(jnp.linalg.norm(x - clean)))
    deconv = LeastSquares("integrate", "forward_diff", lam=0.1, n=n)
    b = integrate(jnp.diff(clean, prepend=0.0))
    x = deconv.solve(b)
    print("deconv residual", float(jnp.linalg.norm(integrate(x) - b)))
