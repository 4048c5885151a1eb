"""NNX classifier: training is pure JAX, evaluation computes a host-side F1 score."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx


def _macro_f1(pred, true, n_classes=3):
    pred, true = np.asarray(pred), np.asarray(true)
    f1s = []
    for c in range(n_classes):
        tp = np.sum((pred == c) & (true == c))
        fp = np.sum((pred == c) & (true != c))
        fn = np.sum((pred != c) & (true == c))
        f1s.append(2 * tp / max(2 * tp + fp + fn, 1))
    return np.float32(np.mean(f1s))


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@nnx.jit
def train_step(model, opt, x, y):
    def loss_fn(m):
        return optax.softmax_cross_entropy_with_integer_labels(m(x), y).mean()
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    opt.update(model, grads)
    return loss


@nnx.jit
def eval_step(model, x, y):
    logits = model(x)
    f1 = jax.pure_callback(_macro_f1, jax.ShapeDtypeStruct((), jnp.float32),
                           jnp.argmax(logits, -1), y)
    return f1, logits.max()


model = MLP(nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
x = jnp.linspace(-1, 1, 24).reshape(6, 4)
y = jnp.array([0, 1, 2, 0, 1, 2])
for _ in range(3):
    print("loss", train_step(model, opt, x, y))
print("f1", eval_step(model, x, y))
