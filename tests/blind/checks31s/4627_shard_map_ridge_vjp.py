import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=2"
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P


@jax.custom_vjp
def ridge_residual(w, x, y, lam):
    return jnp.sum((x @ w - y) ** 2) + lam * jnp.sum(w ** 2)


def _ridge_fwd(w, x, y, lam):
    r = x @ w - y
    return jnp.sum(r ** 2) + lam * jnp.sum(w ** 2), (w, x, r, lam)


def _ridge_bwd(res, g):
    w, x, r, lam = res
    gw = g * (2.0 * x.T @ r + 2.0 * lam * w)
    return gw, None, None


ridge_residual.defvjp(_ridge_fwd, _ridge_bwd)


def local_grad(w, x, y):
    g = jax.grad(ridge_residual)(w, x, y, 0.1)
    return jax.lax.psum(g, "data")


class RunningStats:
    """Welford accumulator for host-side bookkeeping."""

    def __init__(self):
        self.n, self.mean, self.m2 = 0, 0.0, 0.0

    def push(self, x):
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)

    @property
    def var(self):
        return self.m2 / (self.n - 1) if self.n > 1 else 0.0


def describe_array(name, a):
    a = np.asarray(a)
    return f"{name}: shape={a.shape} dtype={a.dtype} min={a.min():.3g} max={a.max():.3g}"


def chunked(seq, n):
    seq = list(seq)
    return [seq[i:i + n] for i in range(0, len(seq), n)]


if __name__ == "__main__":
    mesh = Mesh(np.array(jax.devices()[:2]), ("data",))
    x = jnp.arange(16.0).reshape(8, 2) / 16.0
    y = jnp.linspace(0.0, 1.0, 8)
    w = jnp.zeros(2)
    step = jax.jit(jax.shard_map(local_grad, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P(), check_vma=False))
    for _ in range(3):
        w = w - 0.1 * step(w, x, y)
    print(w)
    rs = RunningStats()
    [rs.push(v) for v in (1.0, 2.0, 4.0)]
    print(rs.mean, rs.var)
    print(chunked(range(7), 3), describe_array("probe", np.arange(4.0)))
