"""Two discretisations of the 1-D Laplacian: a dense one in JAX and a sparse
one assembled and applied by SciPy on the host.  The dense one is used in the
adjoint-consistency test; the host one only for a reference solve."""
import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as spla
import jax
import jax.numpy as jnp


def laplacian_stencil(n, h):
    main = -2.0 * np.ones(n)
    off = np.ones(n - 1)
    return sp.diags([off, main, off], [-1, 0, 1]) / h ** 2


class HostLaplacian:
    def __init__(self, n, length=1.0):
        self.n = n
        self.h = length / (n + 1)
        self.mat = laplacian_stencil(n, self.h).tocsr()

    def _apply_host(self, v):
        return (self.mat @ np.asarray(v, dtype=np.float64)).astype(np.float32)

    def matvec(self, v):
        out = jax.ShapeDtypeStruct((self.n,), jnp.float32)
        return jax.pure_callback(self._apply_host, out, v, vmap_method="sequential")

    def solve(self, rhs):
        return spla.spsolve(self.mat.tocsc(), np.asarray(rhs, np.float64)).astype(np.float32)


class DenseLaplacian:
    def __init__(self, n, length=1.0):
        self.n = n
        self.h = length / (n + 1)
        self.mat = jnp.asarray(laplacian_stencil(n, self.h).toarray(), jnp.float32)

    def matvec(self, v):
        return self.mat @ v

    def spec(self):
        return jax.ShapeDtypeStruct((self.n,), jnp.float32)


def adjoint_gap(op, key):
    k1, k2 = jax.random.split(key)
    u = jax.random.normal(k1, (op.n,))
    w = jax.random.normal(k2, (op.n,))
    op_T = jax.linear_transpose(op.matvec, op.spec())
    lhs = jnp.vdot(op.matvec(u), w)
    rhs = jnp.vdot(u, op_T(w)[0])
    return jnp.abs(lhs - rhs) / jnp.abs(lhs)


def source_term(n):
    x = np.linspace(0, 1, n + 2)[1:-1]
    return (np.pi ** 2 * np.sin(np.pi * x)).astype(np.float32)


def residual_norm(op, u, f):
    return float(jnp.linalg.norm(op.matvec(jnp.asarray(u)) + f))


def main(n=24):
    dense = DenseLaplacian(n)
    host = HostLaplacian(n)
    f = source_term(n)
    print("adjoint gap (dense):", float(adjoint_gap(dense, jax.random.PRNGKey(0))))
    u = -host.solve(f)
    print("host residual:", residual_norm(host, u, jnp.asarray(f)))
    print("dense residual:", residual_norm(dense, u, jnp.asarray(f)))
    batch = jnp.stack([jnp.asarray(u), 2 * jnp.asarray(u)])
    print("batched host apply:", jax.vmap(host.matvec)(batch).shape)


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
    main()
