"""flax nnx regressor using a custom-JVP softclip; one training step with nnx.value_and_grad."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


@jax.custom_jvp
def softclip(x, limit):
    return limit * jnp.tanh(x / limit)


@softclip.defjvp
def softclip_jvp(primals, tangents):
    x, limit = primals
    dx, _ = tangents
    z = jnp.tanh((x + dx) / limit)
    y = limit * z
    return y, (1.0 - z ** 2) * dx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(2, 1, rngs=rngs)

    def __call__(self, x):
        return softclip(self.lin(x), 3.0)


model = Regressor(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


x = jnp.ones((4, 2))
y = jnp.zeros((4, 1))
print(train_step(model, optimizer, x, y))
