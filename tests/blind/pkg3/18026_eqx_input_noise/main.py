import jax
import jax.numpy as jnp

from noisynet import NoisyMLP, seed_host, train

seed_host(42)
x = jax.random.normal(jax.random.PRNGKey(0), (4, 3))
y = jnp.sum(x, axis=1, keepdims=True)

model = NoisyMLP(3, 8, 1, key=jax.random.PRNGKey(1))
model, loss = train(model, x, y)
print("loss", float(loss))
