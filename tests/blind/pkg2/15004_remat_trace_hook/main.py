import jax
import jax.numpy as jnp
from blocks import deep_net

key = jax.random.PRNGKey(42)
keys = jax.random.split(key, 3)
ws = [0.1 * jax.random.normal(k, (4, 4)) for k in keys]
x = jnp.ones((2, 4))

print("forward:", deep_net(ws, x))
grads = jax.grad(deep_net)(ws, x)
print([g.shape for g in grads])
