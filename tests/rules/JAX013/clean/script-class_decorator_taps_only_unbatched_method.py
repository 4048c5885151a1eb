"""A class decorator wraps the methods whose name starts with `summ` in an ordered io_callback tap; only `forward_row` is vmapped."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

taps = []


def _tap_host(x):
    taps.append(np.asarray(x).shape)
    return np.asarray(x)


def _tapped(fn):
    def inner(self, x):
        y = fn(self, x)
        return io_callback(_tap_host, jax.ShapeDtypeStruct(y.shape, y.dtype), y,
                           ordered=True)
    return inner


def tap_methods(prefix):
    def apply(cls):
        for attr_name, member in list(vars(cls).items()):
            if attr_name.startswith(prefix) and callable(member):
                setattr(cls, attr_name, _tapped(member))
        return cls
    return apply


@tap_methods("summ")
class Layer:
    """A tiny affine layer."""

    def __init__(self, w):
        self.w = w

    def forward_row(self, x):
        return jnp.tanh(self.w @ x)

    def summary(self, x):
        return jnp.sum(self.w) + jnp.sum(x)


if __name__ == "__main__":
    layer = Layer(jnp.eye(2) * 0.5)
    xs = jnp.ones((3, 2))
    print(jax.vmap(layer.forward_row)(xs))
    print(layer.summary(xs[0]), taps)
