"""Flax NNX model with a host-side 'structured dropout' mask computed from activations."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx


def topk_mask(h, k=3):
    h = np.asarray(h)
    idx = np.argsort(-np.abs(h), axis=-1)[..., :k]
    m = np.zeros_like(h)
    np.put_along_axis(m, idx, 1.0, axis=-1)
    return m


class Block(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(din, dout, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.lin(x))
        mask = jax.pure_callback(topk_mask, jax.ShapeDtypeStruct(h.shape, h.dtype), h,
                                 vmap_method="sequential")
        return h * mask


class Classifier(nnx.Module):
    def __init__(self, *, rngs):
        self.block = Block(6, 10, rngs=rngs)
        self.head = nnx.Linear(10, 4, rngs=rngs)

    def __call__(self, x):
        return self.head(self.block(x))


def loss_fn(model, batch):
    logits = model(batch["x"])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch["y"]).mean()


@nnx.jit
def train_step(model, optimizer, batch):
    loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
    optimizer.update(model, grads)
    return loss


model = Classifier(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
batch = {"x": jnp.ones((4, 6)) * jnp.arange(6.0), "y": jnp.array([0, 1, 2, 3])}
print(model(batch["x"]).shape)
for _ in range(2):
    print(train_step(model, optimizer, batch))
