"""An adapter with __getattr__ overrides the JVP rule with one returning a tangent pair."""
import jax
import jax.numpy as jnp


class PairOp:
    def primal(self, x):
        y = jnp.exp(-x)
        return y, -y

    def rule(self, primals, tangents):
        (x,), (tx,) = primals, tangents
        y, d = self.primal(x)
        return (y, d), d * tx


class Adapter:
    def __init__(self, op):
        self._op = op

    def __getattr__(self, attr):
        return getattr(self._op, attr)

    def rule(self, primals, tangents):
        (x,), (tx,) = primals, tangents
        y, d = self._op.primal(x)
        return (y, d), (d * tx, -d * tx)


def as_custom(op):
    f = jax.custom_jvp(op.primal)
    f.defjvp(op.rule)
    return f


pair = as_custom(Adapter(PairOp()))


def loss(x):
    y, d = pair(x)
    return y + 0.5 * d


if __name__ == "__main__":
    print(jax.grad(loss)(0.3))
