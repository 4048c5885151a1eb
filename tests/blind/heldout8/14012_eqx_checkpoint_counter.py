"""Equinox transformer-ish block; each checkpointed layer bumps a host counter."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_counter = np.zeros((), np.int32)


def _bump():
    global _counter
    _counter = _counter + 1
    return _counter


class FFN(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear

    def __init__(self, d, key):
        a, b = jax.random.split(key)
        self.up = eqx.nn.Linear(d, 2 * d, key=a)
        self.down = eqx.nn.Linear(2 * d, d, key=b)

    @jax.checkpoint
    def __call__(self, x):
        io_callback(_bump, jax.ShapeDtypeStruct((), jnp.int32), ordered=True)
        return x + self.down(jax.nn.gelu(self.up(x)))


class Stack(eqx.Module):
    layers: list

    def __init__(self, d, n, key):
        self.layers = [FFN(d, k) for k in jax.random.split(key, n)]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x.sum()


model = Stack(4, 3, jax.random.PRNGKey(0))
x = jnp.ones(4)
print("forward", model(x), int(_counter))
grads = eqx.filter_grad(lambda m: m(x))(model)
print(jax.tree_util.tree_leaves(grads)[0].shape)
