"""Step-size tuning through a fixed-length leapfrog trajectory."""
from functools import partial
import jax
import jax.numpy as jnp
from jax import lax


def banana(q):
    return 0.5 * (q[0] ** 2 / 4.0 + (q[1] - 0.25 * q[0] ** 2) ** 2)


@partial(jax.jit, static_argnames=("n_leap",))
def jump(log_eps, q0, p0, n_leap=10):
    eps = jnp.exp(log_eps)
    force = jax.grad(lambda q: -banana(q))

    def body(i, qp):
        q, p = qp
        p = p + 0.5 * eps * force(q)
        q = q + eps * p
        p = p + 0.5 * eps * force(q)
        return q, p

    q, p = lax.fori_loop(0, n_leap, body, (q0, p0))
    accept = jnp.minimum(1.0, jnp.exp(banana(q0) + 0.5 * p0 @ p0 - banana(q) - 0.5 * p @ p))
    return accept * jnp.sum((q - q0) ** 2)


key = jax.random.key(3)
log_eps = jnp.float32(-2.0)
for t in range(10):
    key, k = jax.random.split(key)
    p0 = jax.random.normal(k, (2,))
    g = jax.grad(jump)(log_eps, jnp.array([0.5, 0.5]), p0)
    log_eps = log_eps + 0.02 * g
print(log_eps)
