import jax
import numpy


class Normaliser:
    def __init__(self, eps=1e-6):
        self.eps = eps

    def __call__(self, block):
        block = numpy.asarray(block)
        scale = jax.numpy.linalg.norm(block, axis=-1, keepdims=True)
        return (block / (numpy.asarray(scale) + self.eps)).astype(block.dtype)


unit = Normaliser()


@jax.jit
def directions(v):
    return jax.pure_callback(unit, jax.ShapeDtypeStruct(v.shape, v.dtype), v)


print(directions(jax.numpy.arange(6.0).reshape(2, 3)))
