"""Assembling a custom-gradient op with a fluent builder.

The op is a scaled soft-threshold used as a sparsity-inducing activation.
"""
import jax
import jax.numpy as jnp


def _primal(x, lam):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - lam, 0.0)


def _forward(x, lam):
    return _primal(x, lam), (x, lam)


def _backward_full(res, g):
    x, lam = res
    mask = (jnp.abs(x) > lam).astype(g.dtype)
    return g * mask, -jnp.sum(g * jnp.sign(x) * mask)


def _backward_input_only(res, g):
    x, lam = res
    mask = (jnp.abs(x) > lam).astype(g.dtype)
    return (g * mask,)


class OpBuilder:
    def __init__(self):
        self._fn = None
        self._fwd = None
        self._bwd = None

    def primal(self, fn):
        self._fn = fn
        return self

    def forward(self, fwd):
        self._fwd = fwd
        return self

    def backward(self, bwd):
        self._bwd = bwd
        return self

    def build(self):
        op = jax.custom_vjp(self._fn)
        op.defvjp(self._fwd, self._bwd)
        return op


soft_threshold = (OpBuilder()
                  .primal(_primal)
                  .forward(_forward)
                  .backward(_backward_full)
                  .backward(_backward_input_only)
                  .build())


def objective(x, lam):
    return jnp.sum(soft_threshold(x, lam) ** 2)


if __name__ == "__main__":
    x = jnp.array([0.3, -1.2, 2.0, 0.05])
    lam = jnp.float32(0.1)
    print("value", float(objective(x, lam)))
    gx, glam = jax.grad(objective, argnums=(0, 1))(x, lam)
    print("grads", gx, glam)
