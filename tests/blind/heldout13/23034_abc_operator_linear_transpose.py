"""Abstract LinearOperator base class; rmatvec defaults to jax.linear_transpose of matvec.
A sparse operator subclass applies its matrix on the host, wrapped in custom_vjp so that
gradients flow. The normal-equations solver asks for rmatvec."""
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


class HostSparse(LinearOperator):
    def __init__(self, S):
        self.S = S.tocsr()
        self.shape = S.shape
        S_csr, ST = self.S, self.S.T.tocsr()

        @jax.custom_vjp
        def apply(x):
            return jax.pure_callback(lambda a: (S_csr @ np.asarray(a)).astype(a.dtype),
                                     jax.ShapeDtypeStruct((self.shape[0],), x.dtype), x)

        def fwd(x):
            return apply(x), None

        def bwd(_, g):
            return (jax.pure_callback(lambda a: (ST @ np.asarray(a)).astype(a.dtype),
                                      jax.ShapeDtypeStruct((self.shape[1],), g.dtype), g),)

        apply.defvjp(fwd, bwd)
        self._apply = apply

    def matvec(self, x):
        return self._apply(x)


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
    print(jax.grad(lambda x: jnp.sum(op.matvec(x) ** 2))(jnp.ones(3)))
    print("sparse", cg_normal(op, b))
