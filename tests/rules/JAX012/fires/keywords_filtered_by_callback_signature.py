"""Options kept when `jax.pure_callback`'s signature takes them: its `**kwargs` takes any keyword, so `vectorized=` is kept and JAX hands it to the host."""
import inspect

import numpy as np
import jax
import jax.numpy as jnp


def accepted(fn, options):
    params = inspect.signature(fn).parameters
    open_ended = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    return {k: v for k, v in options.items() if open_ended or k in params}


def softplus_host(x):
    return np.log1p(np.exp(np.asarray(x))).astype(np.float32)


@jax.jit
def smooth(x):
    opts = accepted(jax.pure_callback, {"vectorized": False})
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(softplus_host, spec, x, **opts)  # EXPECT: JAX012


print(smooth(jnp.array([0.0, 1.0], dtype=jnp.float32)))
