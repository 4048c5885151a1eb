"""A module-level config dict turns the host path off; the Python branch is static, grad runs."""
import jax
import jax.numpy as jnp
import numpy as np

CONFIG = {"host_activation": False, "scale": 2.0}


def _host_act(z):
    return np.tanh(np.asarray(z)).astype(np.float32)


def forward(w, x):
    z = CONFIG["scale"] * (x @ w)
    if CONFIG["host_activation"]:
        z = jax.pure_callback(_host_act, jax.ShapeDtypeStruct(z.shape, z.dtype), z)
    else:
        z = jnp.tanh(z)
    return jnp.sum(z)


print(jax.grad(forward)(jnp.ones(2), jnp.ones((3, 2))))
