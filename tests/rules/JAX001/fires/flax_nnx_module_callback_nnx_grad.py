"""A flax nnx Module whose __call__ calls a numpy routine with pure_callback, trained with nnx.value_and_grad under nnx.jit."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx


def _np_softclip(x):
    return (np.sign(x) * np.log1p(np.abs(x))).astype(np.float32)


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dense1 = nnx.Linear(2, 8, rngs=rngs)
        self.dense2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        h = self.dense1(x)
        h = jax.pure_callback(_np_softclip, jax.ShapeDtypeStruct(h.shape, h.dtype), h)  # EXPECT: JAX001
        return self.dense2(h).squeeze(-1)


model = Regressor(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


x = jnp.array([[0.0, 1.0], [1.0, 2.0], [2.0, 0.5]])
y = jnp.array([0.5, 1.0, -0.5])
for _ in range(2):
    print(train_step(model, optimizer, x, y))
