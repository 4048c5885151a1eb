"""Local-level Kalman filter; the MLE of the noise variances logs every innovation to disk."""
import os
import tempfile
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import io_callback

LOG = os.path.join(tempfile.mkdtemp(), "innovations.txt")


def _append(v):
    with open(LOG, "a") as fh:
        fh.write(f"{float(v):.6f}\n")
    return np.int32(0)


def kalman_loglik(log_q, log_r, ys):
    q, r = jnp.exp(log_q), jnp.exp(log_r)

    def step(carry, y):
        m, P = carry
        P_pred = P + q
        S = P_pred + r
        v = y - m
        io_callback(_append, jax.ShapeDtypeStruct((), jnp.int32), v)
        K = P_pred / S
        ll = -0.5 * (jnp.log(2 * jnp.pi * S) + v ** 2 / S)
        return (m + K * v, (1 - K) * P_pred), ll

    _, lls = lax.scan(step, (0.0, 1.0), ys)
    return jnp.sum(lls)


ys = jnp.cumsum(jax.random.normal(jax.random.key(0), (30,)) * 0.3) + 0.1 * jax.random.normal(jax.random.key(1), (30,))
neg_ll = lambda p: -kalman_loglik(p[0], p[1], ys)
params = jnp.array([0.0, 0.0])
for it in range(10):
    params = params - 0.01 * jax.grad(neg_ll)(params)
print(params)
