import numpy as np
from typing import NamedTuple
import jax
import jax.numpy as jnp


class Affine(NamedTuple):
    weight: jax.Array
    bias: jax.Array


@jax.custom_vjp
def affine_softplus(p: Affine, x):
    return jax.nn.softplus(x @ p.weight + p.bias)


def _affine_fwd(p, x):
    z = x @ p.weight + p.bias
    return jax.nn.softplus(z), (p, x, z)


def _affine_bwd(res, g):
    p, x, z = res
    gz = g * jax.nn.sigmoid(z)
    return jnp.outer(x, gz), gz, p.weight @ gz


affine_softplus.defvjp(_affine_fwd, _affine_bwd)


def init(key, n_in, n_out):
    return Affine(jax.random.normal(key, (n_in, n_out)) * 0.3, jnp.zeros((n_out,)))


def loss(p, x, y):
    return jnp.sum((affine_softplus(p, x) - y) ** 2)


def human_count(n):
    for unit in ("", "K", "M", "G"):
        if abs(n) < 1000:
            return f"{n:.0f}{unit}"
        n /= 1000.0
    return f"{n:.1f}T"


def param_report(tree):
    sizes = [int(np.size(leaf)) for leaf in jax.tree_util.tree_leaves(tree)]
    return human_count(sum(sizes)), len(sizes)


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


if __name__ == "__main__":
    p = init(jax.random.PRNGKey(0), 3, 2)
    x, y = jnp.array([0.5, -1.0, 2.0]), jnp.array([1.0, 0.0])
    grads = jax.grad(loss)(p, x, y)
    p = jax.tree.map(lambda a, b: a - 0.1 * b, p, grads)
    print(float(loss(p, x, y)))
    print(param_report({"a": np.zeros((3, 4)), "b": [np.ones(5)]}))
    rs = RunningStats()
    [rs.push(v) for v in (1.0, 2.0, 4.0)]
    print(rs.mean, rs.var)
