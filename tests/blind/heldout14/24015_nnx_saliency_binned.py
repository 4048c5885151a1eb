"""Saliency for an NNX model on binned sensor readings: one call gives the
parameter gradient and the gradient with respect to the model input."""
import jax
import jax.numpy as jnp
from flax import nnx

EDGES = jnp.linspace(-2.0, 2.0, 9)


def preprocess(raw):
    return jnp.digitize(raw, EDGES)


class BinModel(nnx.Module):
    def __init__(self, rngs):
        self.emb = nnx.Embed(10, 4, rngs=rngs)
        self.out = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, bins):
        return self.out(self.emb(bins).mean(0))[0]


def objective(model, bins, target):
    return (model(bins) - target) ** 2


saliency = nnx.grad(objective, argnums=(0, 1))

if __name__ == "__main__":
    model = BinModel(nnx.Rngs(0))
    raw = jnp.array([-1.3, 0.2, 0.25, 1.9, -0.4])
    bins = preprocess(raw)
    g_model, g_input = saliency(model, bins, 0.5)
    print(g_input)
