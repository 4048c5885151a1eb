import jax.numpy as jnp
import optax
from flax import nnx


def _mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_epochs(model, x, y, epochs=3):
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)

    @nnx.jit
    def step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(_mse)(model, x, y)
        optimizer.update(model, grads)
        return loss

    return [float(step(model, optimizer, x, y)) for _ in range(epochs)]
