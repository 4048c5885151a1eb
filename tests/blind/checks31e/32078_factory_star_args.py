"""Factory producing straight-through quantisers for any number of inputs."""
import jax
import jax.numpy as jnp


def make_quantised_sum(levels):
    @jax.custom_vjp
    def qsum(*xs):
        total = sum(xs)
        return jnp.round(total * levels) / levels

    def fwd(*xs):
        return qsum(*xs), len(xs)

    def bwd(n, g):
        return tuple(g for _ in range(n))

    qsum.defvjp(fwd, bwd)
    return qsum


qsum4 = make_quantised_sum(4)


def loss(a, b, c):
    return jnp.sum(qsum4(a, b, c) ** 2)


a = jnp.array([0.1, 0.7])
b = jnp.array([0.3, -0.2])
c = jnp.array([0.05, 0.5])
print(jax.grad(loss, argnums=(0, 1, 2))(a, b, c))
