"""A read-only view of the global callback defaults, patched later by a plugin."""
from types import MappingProxyType

import jax
import jax.numpy as jnp
import numpy as np

_DEFAULTS = {"vmap_method": "sequential"}
CALLBACK_DEFAULTS = MappingProxyType(dict(_DEFAULTS))


def host_softplus(x):
    x = np.asarray(x)
    return np.logaddexp(0.0, x).astype(np.float32)


def host_activation(x):
    return jax.pure_callback(host_softplus, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             **CALLBACK_DEFAULTS)


def legacy_plugin(store):
    store["vectorized"] = True


legacy_plugin(_DEFAULTS)


def mlp(params, x):
    w1, w2 = params
    return host_activation(x @ w1) @ w2


def init_params(key, sizes=(3, 4, 1)):
    k1, k2 = jax.random.split(key)
    return (jax.random.normal(k1, sizes[:2]) * 0.1, jax.random.normal(k2, sizes[1:]))


def softplus_reference(x):
    return jax.nn.softplus(x)


def layer_sizes(params):
    return [tuple(p.shape) for p in params]


def relu(x):
    return jnp.maximum(x, 0.0)


if __name__ == "__main__":
    params = (jnp.ones((3, 4)) * 0.1, jnp.ones((4, 1)))
    print(jax.jit(mlp)(params, jnp.ones((2, 3))))
    print(dict(CALLBACK_DEFAULTS))
    print(softplus_reference(jnp.array([0.0, 1.0])), init_params(jax.random.PRNGKey(0))[0].shape)
