"""jacfwd of a model that calls a custom_vjp-wrapped host function deep inside."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_softsign(x):
    return (x / (1.0 + np.abs(x))).astype(np.float32)


@jax.custom_vjp
def softsign(x):
    return jax.pure_callback(_host_softsign, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


def _fwd(x):
    return softsign(x), x


def _bwd(x, g):
    return (g / (1.0 + jnp.abs(x)) ** 2,)


softsign.defvjp(_fwd, _bwd)


def dense(params, x):
    return params["W"] @ x + params["b"]


def mlp(params, x):
    h = softsign(dense(params[0], x))  # EXPECT: JAX005
    return dense(params[1], h)


params = [
    {"W": jnp.eye(2) * 0.5, "b": jnp.zeros(2)},
    {"W": jnp.ones((1, 2)), "b": jnp.zeros(1)},
]
print(jax.jacfwd(mlp, argnums=1)(params, jnp.array([0.3, -0.7])))
