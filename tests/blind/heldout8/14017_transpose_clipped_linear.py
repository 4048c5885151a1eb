"""Adjoint test (<Ax, y> == <x, A^T y>) for a linear layer with gradient clipping."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_vjp
def grad_clip(x):
    return x


grad_clip.defvjp(lambda x: (x, None), lambda _, g: (jnp.clip(g, -1.0, 1.0),))


class ClippedLinear:
    def __init__(self, W):
        self.W = W

    def apply(self, x):
        return grad_clip(self.W @ x)


def adjoint_check(layer, x, y):
    Ax = layer.apply(x)
    (ATy,) = jax.linear_transpose(layer.apply, x)(y)
    return jnp.vdot(Ax, y), jnp.vdot(x, ATy)


rng = np.random.default_rng(0)
layer = ClippedLinear(jnp.asarray(rng.normal(size=(3, 4)), jnp.float32))
x = jnp.ones(4)
y = jnp.arange(3.0)
lhs, rhs = adjoint_check(layer, x, y)
print(lhs, rhs)
