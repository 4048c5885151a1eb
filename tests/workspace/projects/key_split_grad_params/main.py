"""As key_split_grad, but grad differentiates only the parameters: the key is an ordinary
argument and JAX runs."""
import jax
import jax.numpy as jnp
from train import objective, update

key = jax.random.key(3)
p = jnp.ones(4)
for _ in range(2):
    key, sub = jax.random.split(key)
    p = update(objective, p, sub)
print(p)
