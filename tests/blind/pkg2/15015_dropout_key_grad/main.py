import jax
import jax.numpy as jnp
from train_lib import make_loss, grad_step

key = jax.random.key(0)
k1, k2, k3 = jax.random.split(key, 3)
params = {"w1": jax.random.normal(k1, (3, 6)), "w2": jax.random.normal(k2, (6, 1))}
x = jnp.ones((5, 3))
y = jnp.zeros((5, 1))
loss = make_loss(0.2)
for i in range(2):
    k3, sub = jax.random.split(k3)
    params = grad_step(loss, params, sub, x, y)
print(loss(params, k3, x, y))
