"""A typed key, split in a loop and unpacked, reaches a grad (defined in another module) whose
`argnums` include it: grad rejects key<fry> inputs."""
import jax
import jax.numpy as jnp
from train import objective, update

key = jax.random.key(3)
p = jnp.ones(4)
for _ in range(2):
    key, sub = jax.random.split(key)
    p = update(objective, p, sub)  # EXPECT: JAX010
print(p)
