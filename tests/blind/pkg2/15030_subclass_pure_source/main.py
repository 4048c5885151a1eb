import jax
import jax.numpy as jnp
from fisher import FisherKPP

model = FisherKPP()
u0 = jnp.zeros(model.n).at[5].set(0.8)
target = model.run(u0, 2.0)


def loss(rate):
    return jnp.sum((model.run(u0, rate) - target) ** 2)


print(loss(1.0), jax.grad(loss)(1.0))
print(jax.jacfwd(model.run, argnums=1)(u0, 1.5).shape)
