# shape from: jax-ml/jax issue #4802 (Newton square root under scan, partial(custom_jvp, nondiff_argnums=(1, 2)))
"""Newton-iteration square root with an analytic JVP; used to normalise vectors in a small fit."""
from functools import partial

import jax
import jax.numpy as jnp
from jax import custom_jvp
from jax.lax import scan


def _newton_sqrt(x, x0=1.0, n_iter=10):
    def body(val, _):
        return 0.5 * (val + x / val), None

    res, _ = scan(body, init=jnp.full_like(x, x0), xs=None, length=n_iter)
    return res


@partial(custom_jvp, nondiff_argnums=(1, 2))
def newton_sqrt(x, x0=1.0, n_iter=10):
    return _newton_sqrt(x, x0, n_iter)


@newton_sqrt.defjvp
def _newton_sqrt_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    root = _newton_sqrt(x)
    return root, 0.5 * x_dot / root


def normalise(v):
    return v / newton_sqrt(jnp.sum(v * v), 1.0, 12)


def alignment_loss(v, target):
    return -jnp.dot(normalise(v), target)


if __name__ == "__main__":
    v = jnp.array([3.0, 4.0, 0.0])
    target = jnp.array([0.0, 0.0, 1.0])
    print(newton_sqrt(jnp.float32(2.0)), normalise(v))
    for _ in range(3):
        v = v - 0.5 * jax.grad(alignment_loss)(v, target)
    print(normalise(v))
