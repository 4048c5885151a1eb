"""A custom_vjp built in a base class's __init__ whose bwd hands its work to a method a
subclass overrides; the subclass chosen returns one cotangent per input (its sibling would not)."""
import jax
import jax.numpy as jnp


class Reduction:
    def __init__(self):
        op = self

        @jax.custom_vjp
        def apply(x, w):
            return op.forward(x, w)

        def fwd(x, w):
            return op.forward(x, w), (x, w)

        def bwd(res, g):
            return op.backward(res, g)

        apply.defvjp(fwd, bwd)
        self.apply = apply

    def forward(self, x, w):
        raise NotImplementedError

    def backward(self, res, g):
        raise NotImplementedError


class WeightedSum(Reduction):
    def forward(self, x, w):
        return jnp.sum(w * x)

    def backward(self, res, g):
        x, w = res
        return g * w, g * x


class SoftMax(Reduction):
    def forward(self, x, w):
        return jnp.log(jnp.sum(w * jnp.exp(x)))

    def backward(self, res, g):
        x, w = res
        p = w * jnp.exp(x)
        return g * p / jnp.sum(p)


KINDS = {"sum": WeightedSum, "softmax": SoftMax}

if __name__ == "__main__":
    op = KINDS["sum"]()
    x = jnp.arange(3.0)
    w = jnp.ones(3)
    print(jax.grad(lambda x: op.apply(x, w))(x))
