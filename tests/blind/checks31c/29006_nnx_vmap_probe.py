import numpy as np
import jax
import jax.numpy as jnp
from flax import nnx
from jax.experimental import io_callback


class ActivationProbe(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.proj = nnx.Linear(din, dout, rngs=rngs)

    def __call__(self, x):
        y = nnx.gelu(self.proj(x))
        io_callback(self._dump, None, y, ordered=True)
        return y

    def _dump(self, arr):
        print("activation mean", np.asarray(arr).mean())


def forward(model, x):
    return model(x)


model = ActivationProbe(3, 4, rngs=nnx.Rngs(0))
batched_forward = nnx.vmap(forward, in_axes=(None, 0))
xs = jnp.linspace(-1.0, 1.0, 15).reshape(5, 3)
print(batched_forward(model, xs).shape)
