import jax
import jax.numpy as jnp
from grid import GridConfig
from pde import evolve

cfg = GridConfig()
x = jnp.linspace(0, 1, cfg.nx, endpoint=False)
u0 = jnp.exp(-50 * (x - 0.5) ** 2)
target = evolve(0.8, u0, cfg)


def loss(kappa):
    return jnp.sum((evolve(kappa, u0, cfg) - target) ** 2)


kappa = 0.3
for i in range(5):
    kappa = kappa - 0.5 * jax.grad(loss)(kappa)
print(kappa, loss(kappa))
