"""GARCH(1,1) maximum likelihood; the recursion is rematerialised to save memory on long series."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import io_callback

variance_path = []


def _store(s2):
    variance_path.append(np.asarray(s2).copy())


@jax.checkpoint
def garch_step(params, sigma2_prev, r_prev):
    omega, alpha, beta = params
    sigma2 = omega + alpha * r_prev ** 2 + beta * sigma2_prev
    io_callback(_store, None, lax.stop_gradient(sigma2))
    return sigma2


def neg_loglik(raw, returns):
    params = (jnp.exp(raw[0]), jax.nn.sigmoid(raw[1]), jax.nn.sigmoid(raw[2]))

    def body(sigma2, r_pair):
        r_prev, r_t = r_pair
        sigma2 = garch_step(params, sigma2, r_prev)
        return sigma2, 0.5 * (jnp.log(sigma2) + r_t ** 2 / sigma2)

    pairs = (returns[:-1], returns[1:])
    _, nll = lax.scan(body, jnp.var(returns), pairs)
    return jnp.sum(nll)


rets = 0.01 * jax.random.t(jax.random.key(2), 5.0, (60,))
raw = jnp.array([-9.0, -2.0, 1.5])
loss, g = jax.value_and_grad(neg_loglik)(raw, rets)
print(loss, g)
