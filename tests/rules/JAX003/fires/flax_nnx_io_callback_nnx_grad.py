"""nnx.grad of a flax nnx Module that reports its hidden activations to the host with io_callback."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.experimental import io_callback

activations = []


def _report(h):
    activations.append(np.asarray(h))
    return np.bool_(True)


class Probe(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(3, 3, rngs=rngs)

    def __call__(self, x):
        h = nnx.gelu(self.lin(x))
        io_callback(_report, jax.ShapeDtypeStruct((), jnp.bool_), h)  # EXPECT: JAX003
        return h.sum()


model = Probe(nnx.Rngs(params=0))
grads = nnx.grad(lambda m: m(jnp.ones(3)))(model)
print(grads)
