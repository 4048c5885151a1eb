"""Bilinear form whose backward rule returns a list of cotangents (one per input)."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def bilinear(left, right):
    return left @ right


def _fwd(left, right):
    return left @ right, (left, right)


def _bwd(saved, ct):
    left, right = saved
    return [ct * right, ct * left]


bilinear.defvjp(_fwd, _bwd)


def score(u, v):
    return jnp.tanh(bilinear(u, v))


u = jnp.array([0.1, 0.2, 0.3])
v = jnp.array([1.0, -1.0, 0.5])
out, pullback = jax.vjp(score, u, v)
print(out, pullback(jnp.ones_like(out)))
