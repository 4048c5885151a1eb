# Re-expresses the clip_gradient example (None cotangents for lo/hi) seen in dmlc/dgl tests/jax/test_example.py
"""Gradient clipping identity with bounds as ordinary (differentiable-position) arguments."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def bounded_identity(lo, hi, x):
    return x


def bounded_identity_fwd(lo, hi, x):
    return x, (lo, hi)


def bounded_identity_bwd(bounds, g):
    lo, hi = bounds
    return None, None, jnp.clip(g, lo, hi)


bounded_identity.defvjp(bounded_identity_fwd, bounded_identity_bwd)


def wobbly(t):
    return jnp.sin(bounded_identity(-0.75, 0.75, 3.0 * t))


ts = jnp.linspace(0.0, 2.0, 5)
print(jax.vmap(jax.grad(wobbly))(ts))
