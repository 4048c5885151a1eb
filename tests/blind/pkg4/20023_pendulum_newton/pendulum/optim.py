import jax
import jax.numpy as jnp

from . import physics


def newton_fit(target, length, amp0, iters=3):
    def misfit(a):
        return (physics.period(a, length) - target) ** 2

    g = jax.grad(misfit)
    h = jax.hessian(misfit)
    a = jnp.float32(amp0)
    for _ in range(iters):
        a = a - g(a) / (h(a) + 1e-3)
    return a
