"""Inspect how much gradient flows through the hidden layer of a tiny MLP."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

tap_log = []


def _store_cotangent(g):
    tap_log.append(float(np.linalg.norm(g)))


@jax.custom_vjp
def grad_tap(h):
    return h


def _tap_fwd(h):
    return h, None


def _tap_bwd(_, ct):
    io_callback(_store_cotangent, None, ct, ordered=True)
    return (ct,)


grad_tap.defvjp(_tap_fwd, _tap_bwd)


def mlp(params, x):
    h = jnp.tanh(x @ params[0])
    h = grad_tap(h)
    return h @ params[1]


def loss(params, x, y):
    return jnp.sum((mlp(params, x) - y) ** 2)


def init(key, sizes=(3, 5, 2)):
    k1, k2 = jax.random.split(key)
    return [jax.random.normal(k1, sizes[:2]) * 0.3, jax.random.normal(k2, sizes[1:]) * 0.3]


params = init(jax.random.PRNGKey(0))
x = jnp.array([0.5, -1.0, 2.0])
y = jnp.array([1.0, 0.0])
grads = jax.jit(jax.grad(loss))(params, x, y)
print([g.shape for g in grads], tap_log)
