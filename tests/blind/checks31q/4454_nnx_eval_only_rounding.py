"""nnx model with a rounding layer (straight-through style custom VJP) used in training and evaluation."""
import jax
import jax.numpy as jnp
from flax import nnx
import optax


@jax.custom_vjp
def ste_round(x):
    return jnp.round(x)


def _round_fwd(x):
    return jnp.round(x), None


def _round_bwd(g):
    return (g,)


ste_round.defvjp(_round_fwd, _round_bwd)


class Quantised(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(2, 2, rngs=rngs)

    def __call__(self, x, quantise):
        h = self.lin(x)
        return ste_round(h * 4.0) / 4.0 if quantise else h


def loss_fn(model, x, y):
    return jnp.mean((model(x, quantise=False) - y) ** 2)


@nnx.jit
def train_step(model, opt, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    opt.update(model, grads)
    return loss


@nnx.jit
def eval_step(model, x, y):
    return jnp.mean((model(x, quantise=True) - y) ** 2)


if __name__ == "__main__":
    model = Quantised(nnx.Rngs(0))
    opt = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    x = jnp.array([[0.1, 0.9], [0.4, 0.3], [0.8, 0.2]])
    y = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    for _ in range(2):
        train_step(model, opt, x, y)
    print("eval", eval_step(model, x, y))
