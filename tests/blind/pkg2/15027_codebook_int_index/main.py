import jax
import jax.numpy as jnp
from quantizer import GainQuantizer

q = GainQuantizer([-1.0, 0.0, 1.0, 2.0, 3.0])
x = jnp.array([0.2, 1.7, 2.9, -0.8])


def energy(x):
    return jnp.sum(q(x) ** 2)


print(energy(x))
print(jax.grad(energy)(x))
print(jax.jacfwd(q)(x).shape)
