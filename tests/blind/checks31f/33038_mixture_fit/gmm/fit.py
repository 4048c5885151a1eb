import jax
import jax.numpy as jnp

from .heldout import report


def _nll(params, x):
    means, logw = params
    logw = jax.nn.log_softmax(logw)
    comp = -0.5 * (x[:, None] - means[None, :]) ** 2 + logw[None, :]
    return -jnp.mean(jax.scipy.special.logsumexp(comp, axis=1))


@jax.jit
def _step(params, x, step):
    loss, g = jax.value_and_grad(_nll)(params, x)
    params = jax.tree.map(lambda p, d: p - 0.2 * d, params, g)
    jax.debug.callback(report, step, params[0], jax.nn.log_softmax(params[1]))
    return params, loss


def fit(x, n_steps=4):
    params = (jnp.array([-1.0, 1.0]), jnp.zeros(2))
    for i in range(n_steps):
        params, loss = _step(params, x, i)
    return params, loss
