"""Abstract LinearOperator base class with a linear_transpose default for rmatvec; the
host-backed sparse subclass overrides rmatvec with its own host transpose, so the default
is only used by the dense JAX operator."""
import abc
import jax
import jax.numpy as jnp
import numpy as np
import scipy.sparse as sp


class LinearOperator(abc.ABC):
    shape: tuple

    @abc.abstractmethod
    def matvec(self, x):
        ...

    def rmatvec(self, y):
        x0 = jnp.zeros(self.shape[1], y.dtype)
        (xt,) = jax.linear_transpose(self.matvec, x0)(y)
        return xt

    def normal(self, x):
        return self.rmatvec(self.matvec(x))


class Dense(LinearOperator):
    def __init__(self, M):
        self.M = M
        self.shape = M.shape

    def matvec(self, x):
        return self.M @ x


def _host_apply(mat, out_dim):
    def run(v):
        return jax.pure_callback(lambda a: (mat @ np.asarray(a)).astype(a.dtype),
                                 jax.ShapeDtypeStruct((out_dim,), v.dtype), v)
    return run


class HostSparse(LinearOperator):
    def __init__(self, S):
        S = S.tocsr()
        self.shape = S.shape
        fwd_host = _host_apply(S, S.shape[0])
        bwd_host = _host_apply(S.T.tocsr(), S.shape[1])

        @jax.custom_vjp
        def apply(x):
            return fwd_host(x)

        apply.defvjp(lambda x: (apply(x), None), lambda _, g: (bwd_host(g),))
        self._apply = apply
        self._rapply = bwd_host

    def matvec(self, x):
        return self._apply(x)

    def rmatvec(self, y):
        return self._rapply(y)


def cg_normal(op, b, iters=10):
    rhs = op.rmatvec(b)
    x = jnp.zeros_like(rhs)
    r = rhs - op.normal(x)
    p = r
    for _ in range(iters):
        Ap = op.normal(p)
        alpha = (r @ r) / (p @ Ap + 1e-12)
        x = x + alpha * p
        r_new = r - alpha * Ap
        p = r_new + (r_new @ r_new) / (r @ r + 1e-12) * p
        r = r_new
    return x


if __name__ == "__main__":
    S = sp.random(5, 3, density=0.6, random_state=0, dtype=np.float32) + sp.eye(5, 3, dtype=np.float32)
    b = jnp.arange(5.0, dtype=jnp.float32)
    print("dense", cg_normal(Dense(jnp.asarray(S.toarray())), b))
    op = HostSparse(S)
    print("sparse", cg_normal(op, b))
    print(jax.grad(lambda x: jnp.sum(op.matvec(x) ** 2))(jnp.ones(3)))
