"""Experiment hooks bundled in a SimpleNamespace; the 'before' hook is an ordered host effect."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_trace = []


def _before(x):
    _trace.append(np.asarray(x).shape)
    return np.asarray(x, dtype=np.float32)


def _after(x):
    return np.asarray(x, dtype=np.float32)


def make_hooks():
    def before(x):
        return io_callback(_before, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=True)

    def after(x):
        return io_callback(_after, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

    return types.SimpleNamespace(before=before, after=after)


HOOKS = make_hooks()


def softplus_layer(w, x):
    x = HOOKS.before(x)
    return HOOKS.after(jax.nn.softplus(w * x))


xs = jnp.linspace(-2.0, 2.0, 6).reshape(3, 2)
out = jax.vmap(softplus_layer, in_axes=(None, 0))(jnp.float32(0.5), xs)
print(out)
