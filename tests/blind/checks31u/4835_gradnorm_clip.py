"""Gradient-norm journal through a custom backward pass.

`clip_and_log` is the identity on the forward pass; on the backward pass
it clips the cotangent and journals its norm on the host, in order.
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_grad_norms = []


def _journal(g):
    _grad_norms.append(float(np.linalg.norm(np.asarray(g))))
    return np.float32(0.0)


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_and_log(x, max_norm):
    return x


def _clip_fwd(x, max_norm):
    return x, None


def _clip_bwd(max_norm, _, g):
    norm = jnp.linalg.norm(g)
    _ = io_callback(_journal, jax.ShapeDtypeStruct((), jnp.float32), g, ordered=True)
    return (g * jnp.minimum(1.0, max_norm / (norm + 1e-6)),)


clip_and_log.defvjp(_clip_fwd, _clip_bwd)


def layer(w, x):
    return jnp.tanh(clip_and_log(w, 1.0) @ x)


def sensitivities(w, x):
    """Full Jacobian of the layer output w.r.t. the weights."""
    return jax.jacrev(layer)(w, x)


def init(seed=0):
    rng = np.random.default_rng(seed)
    return (jnp.asarray(rng.normal(size=(2, 3)), jnp.float32),
            jnp.asarray(rng.normal(size=(3,)), jnp.float32))


if __name__ == "__main__":
    w, x = init()
    J = sensitivities(w, x)
    print("jacobian shape", J.shape, "journal", len(_grad_norms))
