"""nnx regression model whose scale is kept in (0, 4) by a soft bound with a custom JVP."""
import jax
import jax.numpy as jnp
from flax import nnx
import optax


@jax.custom_jvp
def soft_bound(s):
    return 4.0 * jax.nn.sigmoid(s)


@soft_bound.defjvp
def _soft_bound_jvp(primals, tangents):
    (s,), (ds,) = primals, tangents
    y = 4.0 * jax.nn.sigmoid(s)
    return y, (y * (1.0 - y / 4.0) * ds,)


class ScaledLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.lin = nnx.Linear(din, dout, rngs=rngs)
        self.log_scale = nnx.Param(jnp.zeros((dout,)))

    def __call__(self, x):
        return soft_bound(self.log_scale[...]) * self.lin(x)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


if __name__ == "__main__":
    model = ScaledLinear(3, 2, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jnp.ones((5, 3))
    y = jnp.zeros((5, 2))
    for _ in range(2):
        print(train_step(model, optimizer, x, y))
