# Jacobian of a small map while recording every evaluation point to a host log (ported from id_tap)
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

EVALS = []


def tap(x):
    def _store(v):
        EVALS.append(v.copy())
        return v
    return io_callback(_store, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def henon(xy, a=1.4, b=0.3):
    xy = tap(xy)
    x, y = xy[0], xy[1]
    return jnp.array([1 - a * x ** 2 + y, b * x])


p = jnp.array([0.1, 0.2])
print(henon(p))
print(jax.jacfwd(henon)(p))
print(len(EVALS))
