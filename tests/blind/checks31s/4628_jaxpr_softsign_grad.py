import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_jvp
def softsign(x):
    return x / (1.0 + jnp.abs(x))


@softsign.defjvp
def _softsign_rule(primals, tangents):
    (x,), (dx,) = primals, tangents
    denom = 1.0 + jnp.abs(x)
    y = (x + 0.0 * dx) / denom
    return y, dx / denom ** 2


def head(w, x):
    return jnp.sum(softsign(w * x))


def dump(closed, label):
    prims = sorted({str(e.primitive) for e in closed.jaxpr.eqns})
    print(label, len(closed.jaxpr.eqns), prims[:5])


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
    x = jnp.linspace(-2.0, 2.0, 5)
    w = jnp.float32(0.7)
    dump(jax.make_jaxpr(head)(w, x), "primal")
    dump(jax.make_jaxpr(jax.grad(head))(w, x), "grad")
    print(param_report({"a": np.zeros((3, 4)), "b": [np.ones(5)]}))
    rs = RunningStats()
    [rs.push(v) for v in (1.0, 2.0, 4.0)]
    print(rs.mean, rs.var)
