"""Soft thresholding with a custom JVP given as a two-argument lambda; jacfwd and hessian."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def soft_threshold(x, lam):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - lam, 0.0)


soft_threshold.defjvp(lambda p, t: (soft_threshold(*p), (jnp.abs(p[0]) > p[1]) * t[0]))


def ista_step(x, y, lam=0.1, step=0.5):
    return soft_threshold(x - step * (x - y), lam * step)


y = jnp.array([0.05, -0.4, 1.2])
print(jax.jacfwd(ista_step)(jnp.zeros(3), y))
print(jax.hessian(lambda x: jnp.sum(ista_step(x, y) ** 2))(jnp.ones(3)))
