"""A parametrised class decorator routes __call__ to the host with an explicit
vmap_method, so batching the model works."""
import functools
import jax
import jax.numpy as jnp
import numpy as np


def host_backed(*, vmap_method="sequential"):
    def deco(cls):
        np_impl = cls.numpy_forward

        def __call__(self, x):
            shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
            return jax.pure_callback(functools.partial(np_impl, self), shape, x,
                                     vmap_method=vmap_method)

        cls.__call__ = __call__
        return cls
    return deco


@host_backed(vmap_method="expand_dims")
class RankTransform:
    def __init__(self, offset):
        self.offset = offset

    def numpy_forward(self, x):
        x = np.asarray(x)
        ranks = np.argsort(np.argsort(x, axis=-1), axis=-1)
        return (ranks + self.offset).astype(x.dtype)


if __name__ == "__main__":
    rt = RankTransform(1.0)
    rows = jnp.array([[0.3, 0.1, 0.2], [5.0, -1.0, 0.0]])
    print(jax.vmap(rt)(rows))
    print(jax.jit(jax.vmap(rt))(rows))
