"""A flax nnx Module that reports activations with jax.debug.callback; nnx.grad works."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx

activations = []


class Probe(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(3, 3, rngs=rngs)

    def __call__(self, x):
        h = nnx.gelu(self.lin(x))
        jax.debug.callback(lambda v: activations.append(np.asarray(v)), h)
        return h.sum()


model = Probe(nnx.Rngs(params=0))
grads = nnx.grad(lambda m: m(jnp.ones(3)))(model)
print(jax.tree_util.tree_map(jnp.shape, grads), len(activations))
