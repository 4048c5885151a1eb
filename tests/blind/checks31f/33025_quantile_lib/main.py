import jax
import jax.numpy as jnp

from robust import robust_loss, winsorize

key = jax.random.key(0)
pred = jax.random.normal(key, (4, 6))
target = jnp.zeros((4, 6))

rows = jax.jit(jax.vmap(winsorize))(pred)
print("clipped rows", rows.shape)
print("loss", float(jax.jit(robust_loss)(pred, target)))
