"""GARCH(1,1) MLE with a rematerialised recursion; the conditional variances are logged afterwards."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import io_callback

snapshots = []


def garch_filter(params, returns):
    omega, alpha, beta = params

    @jax.checkpoint
    def step(s2, r_prev):
        s2 = omega + alpha * r_prev ** 2 + beta * s2
        return s2, s2

    _, s2 = lax.scan(step, jnp.var(returns), returns[:-1])
    return s2


def neg_loglik(raw, returns):
    params = (jnp.exp(raw[0]), jax.nn.sigmoid(raw[1]), jax.nn.sigmoid(raw[2]))
    s2 = garch_filter(params, returns)
    io_callback(lambda a: snapshots.append(np.asarray(a)), None, lax.stop_gradient(s2))
    return 0.5 * jnp.sum(jnp.log(s2) + returns[1:] ** 2 / s2)


rets = 0.01 * jax.random.t(jax.random.key(2), 5.0, (60,))
raw = jnp.array([-9.0, -2.0, 1.5])
for _ in range(5):
    loss, g = jax.value_and_grad(neg_loglik)(raw, rets)
    raw = raw - 1e-3 * g
print(loss, len(snapshots))
