"""singledispatchmethod on a preprocessing object: numpy arrays go through a SciPy routine,
everything else (including traced values) takes the jnp path."""
from functools import singledispatchmethod
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


class LogSumExpPool:
    def __init__(self, temp=0.5):
        self.temp = temp

    @singledispatchmethod
    def pool(self, x):
        return self.temp * jax.nn.logsumexp(x / self.temp, axis=-1)

    @pool.register
    def _(self, x: np.ndarray):
        t = self.temp
        return jax.pure_callback(lambda a: (t * special.logsumexp(a / t, axis=-1)).astype(a.dtype),
                                 jax.ShapeDtypeStruct(x.shape[:-1], x.dtype), x)


def score(params, feats, pooler):
    return jnp.sum(pooler.pool(feats * params))


if __name__ == "__main__":
    pooler = LogSumExpPool()
    feats = np.linspace(0.0, 1.0, 6, dtype=np.float32).reshape(2, 3)
    print("host pool", pooler.pool(feats))
    params = jnp.ones(3)
    print(jax.grad(score)(params, feats, pooler))
    print(jax.hessian(score)(params, feats, pooler).shape)
