"""tree_map(stop_gradient) over the whole parameter pytree before the host call: grad runs."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_norms(params):
    return np.float32(sum(float(np.sum(np.asarray(v) ** 2)) for v in params.values()))


def loss(params, x):
    frozen = jax.tree_util.tree_map(jax.lax.stop_gradient, params)
    norm = jax.pure_callback(_host_norms, jax.ShapeDtypeStruct((), jnp.float32), frozen)
    return jnp.sum((x @ params["w"]) ** 2) / (1.0 + norm)


params = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}
print(jax.grad(loss)(params, jnp.ones((3, 2))))
