"""A closure factory builds an activation that calls the host; grad reaches it through the closure."""
import jax
import jax.numpy as jnp
import numpy as np


def make_activation(name):
    table = {"tanh": np.tanh, "sin": np.sin}
    host_fn = table[name]

    def _host(v):
        return host_fn(np.asarray(v)).astype(np.float32)

    def act(v):
        return jax.pure_callback(_host, jax.ShapeDtypeStruct(v.shape, v.dtype), v)  # EXPECT: JAX001

    return act


act = make_activation("tanh")


def mlp(w, x):
    return jnp.sum(act(x @ w))


print(jax.grad(mlp)(jnp.eye(2), jnp.array([[0.1, 0.2]])))
