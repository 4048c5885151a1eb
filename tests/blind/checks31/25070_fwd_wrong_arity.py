import jax
import jax.numpy as jnp


class Huber:
    @staticmethod
    @jax.custom_vjp
    def loss(r, delta):
        a = jnp.abs(r)
        return jnp.where(a < delta, 0.5 * r ** 2, delta * (a - 0.5 * delta))

    @staticmethod
    def fwd(r):
        return Huber.loss(r, 1.0), r

    @staticmethod
    def bwd(r, g):
        return (g * jnp.clip(r, -1.0, 1.0), None)


Huber.loss.defvjp(Huber.fwd, Huber.bwd)

residuals = jnp.array([0.2, -3.0, 1.5])
print(jax.grad(lambda r: Huber.loss(r, 1.0).sum())(residuals))
