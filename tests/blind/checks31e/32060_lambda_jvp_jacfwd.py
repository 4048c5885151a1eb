"""Soft thresholding with a custom JVP given as a one-argument lambda; sensitivities via jacfwd."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def soft_threshold(x, lam):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - lam, 0.0)


soft_threshold.defjvp(lambda pt: (soft_threshold(*pt[0]), (jnp.abs(pt[0][0]) > pt[0][1]) * pt[1][0]))


def ista_step(x, y, lam=0.1, step=0.5):
    return soft_threshold(x - step * (x - y), lam * step)


y = jnp.array([0.05, -0.4, 1.2])
print(jax.jacfwd(ista_step)(jnp.zeros(3), y))
