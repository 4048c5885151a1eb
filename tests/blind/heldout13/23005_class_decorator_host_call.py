"""A class decorator moves a numpy implementation behind __call__ via pure_callback.
The decorated model is then batched with vmap."""
import functools
import jax
import jax.numpy as jnp
import numpy as np


def host_backed(cls):
    np_impl = cls.numpy_forward

    @functools.wraps(np_impl)
    def __call__(self, x):
        shape = jax.ShapeDtypeStruct(self.out_shape(x.shape), x.dtype)
        return jax.pure_callback(functools.partial(np_impl, self), shape, x)

    cls.__call__ = __call__
    return cls


@host_backed
class SortedCumsum:
    def __init__(self, scale):
        self.scale = scale

    def out_shape(self, shape):
        return shape

    def numpy_forward(self, x):
        return (np.cumsum(np.sort(np.asarray(x))) * self.scale).astype(np.float32)


def featurize(model, rows):
    return jax.vmap(model)(rows)


if __name__ == "__main__":
    m = SortedCumsum(0.5)
    one = jnp.array([3.0, 1.0, 2.0])
    print(m(one))
    batch = jnp.stack([one, one[::-1], one * 2])
    print(featurize(m, batch))
