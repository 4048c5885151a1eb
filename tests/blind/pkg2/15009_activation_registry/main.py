import jax
import jax.numpy as jnp
from flax import nnx
import optax

import activations  # noqa: F401  (fills the registry)
import registry
from config import ModelConfig


class MLP(nnx.Module):
    def __init__(self, cfg: ModelConfig, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(2, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)
        self.act = registry.get(cfg.activation)

    def __call__(self, x):
        return self.out(self.act(self.hidden(x)))


cfg = ModelConfig()
model = MLP(cfg, nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(cfg.lr), wrt=nnx.Param)
x = jnp.linspace(-1, 1, 12).reshape(6, 2)
y = jnp.sum(x, axis=1, keepdims=True)


def loss_fn(m):
    return jnp.mean((m(x) - y) ** 2)


@nnx.jit
def train_step(m, opt):
    loss, grads = nnx.value_and_grad(loss_fn)(m)
    opt.update(m, grads)
    return loss


print("initial", loss_fn(model))
for step in range(3):
    print(step, train_step(model, optimizer))
