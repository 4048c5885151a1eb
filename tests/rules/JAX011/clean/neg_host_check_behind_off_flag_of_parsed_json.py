"""The host's JAX cross-check is behind a flag of a configuration parsed from a JSON string
the module holds, off: the host's run never reaches it."""
import json

import jax
import jax.numpy as jnp
import numpy as np

SETTINGS = '{"check_on_device": false, "scale": 2.0}'


def load():
    return json.loads(SETTINGS)


def make_host(cfg):
    def host(z):
        out = np.asarray(z) * cfg["scale"]
        if cfg["check_on_device"]:
            out = np.asarray(jnp.tanh(out))
        return out.astype(np.float32)
    return host


def f(z):
    return jax.pure_callback(make_host(load()), jax.ShapeDtypeStruct(z.shape, jnp.float32), z)


print(jax.jit(f)(jnp.arange(3.0)))
