"""Adapter around a third-party style op object.

`SafeAdapter` wraps an inner op and forwards unknown attributes to it;
the custom_jvp function is built from whatever the adapter exposes.
"""
import jax
import jax.numpy as jnp


class SqrtPairOp:
    """sqrt with its derivative returned alongside (value, slope)."""

    name = "sqrt_pair"

    def primal(self, x):
        y = jnp.sqrt(x + 1e-6)
        return y, 0.5 / y

    def jvp_rule(self, primals, tangents):
        (x,), (tx,) = primals, tangents
        y, s = self.primal(x)
        return (y, s), s * tx


class SafeAdapter:
    def __init__(self, inner, eps=1e-6):
        self._inner = inner
        self.eps = eps

    def __getattr__(self, attr):
        return getattr(self._inner, attr)

    def jvp_rule(self, primals, tangents):
        (x,), (tx,) = primals, tangents
        y, s = self._inner.primal(x)
        return (y, s), (s * tx, jnp.zeros_like(s))

    def describe(self):
        return f"adapter({self._inner.name}, eps={self.eps})"


def to_custom(op):
    fn = jax.custom_jvp(op.primal)
    fn.defjvp(op.jvp_rule)
    return fn


adapter = SafeAdapter(SqrtPairOp())
sqrt_pair = to_custom(adapter)


def radius_loss(p):
    r, slope = sqrt_pair(jnp.sum(p ** 2))
    return (r - 1.0) ** 2 + 0.01 * slope


if __name__ == "__main__":
    print(adapter.describe())
    p = jnp.array([0.6, 0.9])
    print("loss", float(radius_loss(p)))
    print("grad", jax.grad(radius_loss)(p))
