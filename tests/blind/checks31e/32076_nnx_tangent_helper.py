"""flax nnx regressor with a custom-JVP softclip; tangent helpers use dx only for the tangent."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def _tangent_of(z, dx):
    shifted = dx * (1.0 - z ** 2)
    return shifted


@jax.custom_jvp
def softclip(x, limit):
    return limit * jnp.tanh(x / limit)


@softclip.defjvp
def softclip_jvp(primals, tangents):
    x, limit = primals
    dx, _ = tangents
    z = jnp.tanh(x / limit)
    return limit * z, _tangent_of(z, dx)


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


print(train_step(model, optimizer, jnp.ones((4, 2)), jnp.zeros((4, 1))))
