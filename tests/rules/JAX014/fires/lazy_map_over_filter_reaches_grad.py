"""filter keeps the second sample, so map calls its lambda once: `grad` runs the bwd, which
returns 2 cotangents for 1 argument."""
import itertools

import jax
import jax.numpy as jnp


@jax.custom_vjp
def hinge(r):
    return jnp.maximum(r, 0.0)


def _fwd(r):
    return hinge(r), r


def _bwd(r, g):  # EXPECT: JAX014
    return (g * (r > 0), g)


hinge.defvjp(_fwd, _bwd)

SAMPLES = [
    {"x": 0.3, "keep": False},
    {"x": 1.2, "keep": True},
]


def loss(theta, s):
    return hinge(s["x"] - theta)


if __name__ == "__main__":
    theta = jnp.float32(0.5)
    kept = filter(lambda s: s["keep"], SAMPLES)
    grads = map(lambda s: jax.grad(loss)(theta, s), kept)
    print(list(itertools.accumulate(grads, lambda a, b: a + b, initial=jnp.float32(0.0))))
