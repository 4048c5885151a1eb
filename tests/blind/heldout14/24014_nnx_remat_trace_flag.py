"""Rematerialised NNX block with an optional host-side activation dump.
The dump is enabled only for the evaluation copy of the model."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.experimental import io_callback

DUMPS = []


def _dump(a):
    DUMPS.append(np.asarray(a).copy())
    return np.float32(a.mean())


class Block(nnx.Module):
    def __init__(self, dim, rngs, dump=False):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)
        self.dump = dump

    def __call__(self, x):
        y = jax.nn.silu(self.lin(x))
        if self.dump:
            io_callback(_dump, jax.ShapeDtypeStruct((), jnp.float32), y)
        return x + y


class Net(nnx.Module):
    def __init__(self, rngs, dump=False):
        self.b1 = Block(4, rngs, dump)
        self.b2 = Block(4, rngs, dump)

    def __call__(self, x):
        run = nnx.remat(lambda blk, h: blk(h))
        return run(self.b2, run(self.b1, x)).sum(-1)


@nnx.jit
def train_step(model, opt, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    opt.update(model, grads)
    return loss


@nnx.jit
def evaluate(model, x):
    return model(x)


if __name__ == "__main__":
    model = Net(nnx.Rngs(0))
    opt = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
    x = jnp.linspace(0, 1, 12).reshape(3, 4)
    y = jnp.array([1.0, 0.0, -1.0])
    for _ in range(2):
        print(float(train_step(model, opt, x, y)))
    eval_model = Net(nnx.Rngs(0), dump=True)
    nnx.update(eval_model, nnx.state(model, nnx.Param))
    print(evaluate(eval_model, x))
    jax.effects_barrier()
    print(len(DUMPS))
