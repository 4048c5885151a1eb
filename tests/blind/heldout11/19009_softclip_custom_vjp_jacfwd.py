# Models: gradient-clipping activation implemented with jax.custom_vjp and nondiff_argnums, Jacobian taken with jax.jacfwd
from functools import partial
import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def soft_clip(x, limit):
    return limit * jnp.tanh(x / limit)


def _soft_clip_fwd(x, limit):
    y = limit * jnp.tanh(x / limit)
    return y, (y,)


def _soft_clip_bwd(limit, res, g):
    (y,) = res
    local = 1.0 - (y / limit) ** 2
    return (jnp.clip(g * local, -1.0, 1.0),)


soft_clip.defvjp(_soft_clip_fwd, _soft_clip_bwd)


def layer(theta, x):
    pre = theta["A"] @ x + theta["b"]
    return soft_clip(pre, 3.0)


def sensitivity(theta, x):
    """Input-output Jacobian used for a Lipschitz estimate."""
    J = jax.jacfwd(layer, argnums=1)(theta, x)
    return jnp.linalg.norm(J, ord=2)


if __name__ == "__main__":
    theta = {"A": jnp.array([[1.0, 2.0], [0.5, -1.0], [0.0, 3.0]]),
             "b": jnp.array([0.1, 0.2, 0.3])}
    x = jnp.array([0.4, -0.7])
    print(sensitivity(theta, x))
