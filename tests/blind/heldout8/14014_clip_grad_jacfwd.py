"""Gradient clipping via custom_vjp, then someone computes a forward-mode Jacobian."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_gradient(x, bound):
    return x


def _clip_fwd(x, bound):
    return x, None


def _clip_bwd(bound, _, g):
    return (jnp.clip(g, -bound, bound),)


clip_gradient.defvjp(_clip_fwd, _clip_bwd)


def layer(params, x):
    h = jnp.tanh(params["W"] @ x + params["b"])
    return clip_gradient(h, 0.5)


def net(params, x):
    return params["V"] @ layer(params, x)


params = {"W": jnp.eye(3) * 2.0, "b": jnp.zeros(3), "V": jnp.ones((2, 3))}
x = jnp.array([0.1, 0.2, 0.3])
print("reverse", jax.jacrev(net, argnums=1)(params, x))
print("forward", jax.jacfwd(net, argnums=1)(params, x))
