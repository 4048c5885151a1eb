"""Scan-over-layers transformer-ish stack in flax NNX with per-layer remat.
A probe reports which layer is executing to the host profiler."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.experimental import io_callback

N_LAYERS = 3
PROFILE = []


def _enter_layer(i):
    PROFILE.append(int(i))
    return np.int32(0)


class Block(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.norm = nnx.LayerNorm(4, rngs=rngs)
        self.ff = nnx.Linear(4, 4, rngs=rngs)
        self.layer_id = nnx.Variable(jnp.int32(0))

    def __call__(self, x):
        io_callback(_enter_layer, jax.ShapeDtypeStruct((), jnp.int32), self.layer_id.value)
        return x + jnp.tanh(self.ff(self.norm(x)))


@nnx.split_rngs(splits=N_LAYERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_stack(rngs: nnx.Rngs):
    return Block(rngs)


class Stack(nnx.Module):
    def __init__(self, rngs):
        self.blocks = make_stack(rngs)
        self.blocks.layer_id.value = jnp.arange(N_LAYERS, dtype=jnp.int32)

    def __call__(self, x):
        @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
        @nnx.remat
        def body(h, blk):
            return blk(h)
        return body(x, self.blocks)


def loss_fn(model, x):
    return jnp.sum(model(x) ** 2)


if __name__ == "__main__":
    model = Stack(nnx.Rngs(0))
    x = jnp.ones((2, 4))
    print(float(loss_fn(model, x)), PROFILE)
    grads = nnx.grad(loss_fn)(model, x)
    print(jax.tree.map(jnp.shape, nnx.state(grads)))
