"""Hooks kept in a `types.SimpleNamespace`; the one given to the callback is NumPy's, the
JAX one runs traced."""
from types import SimpleNamespace

import jax
import jax.numpy as jnp
import numpy as np


def _host_tanh(x):
    return np.tanh(np.asarray(x))


hooks = SimpleNamespace(host=_host_tanh, device=jax.nn.gelu)


@jax.jit
def f(x):
    return jax.pure_callback(hooks.host, jax.ShapeDtypeStruct(x.shape, x.dtype), x) + hooks.device(x)


print(f(jnp.arange(3.0)))
