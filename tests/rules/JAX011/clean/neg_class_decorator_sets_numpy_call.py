"""A class decorator gives the class a `__call__` forwarding to its `compute`, which is
NumPy only; the class's own JAX `__call__` is replaced."""
import jax
import jax.numpy as jnp
import numpy as np


def host_callable(cls):
    def __call__(self, *arrays):
        return cls.compute(self, *[np.asarray(a) for a in arrays])
    cls.__call__ = __call__
    return cls


@host_callable
class Scorer:
    def compute(self, logits):
        e = np.exp(logits - logits.max())
        return (e / e.sum()).astype(logits.dtype)

    def __call__(self, logits):
        return jax.nn.softmax(logits)


scorer = Scorer()


@jax.jit
def f(x):
    return jax.pure_callback(scorer, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


print(f(jnp.arange(3.0)))
