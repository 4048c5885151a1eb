import jax
import jax.numpy as jnp
import residual_model as rm

x = jnp.linspace(0.2, 4.8, 9)
y = jnp.exp(-x) * jnp.cos(2 * x) + 0.05 * x
c = jnp.zeros(3)
for _ in range(20):
    c = c - 0.002 * jax.grad(rm.loss)(c, x, y)
print(c, rm.loss(c, x, y))
# sensitivity to the sample locations as well
print(jax.grad(rm.loss, argnums=1)(c, x, y))
