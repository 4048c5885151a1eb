import jax
import jax.numpy as jnp

from specnet import SpectralMLP, fit

t = jnp.linspace(0, 1, 12)
x = jnp.stack([jnp.sin(2 * jnp.pi * f * t) for f in (1.0, 2.0, 3.0, 4.0)])
y = jnp.array([[1.0], [2.0], [3.0], [4.0]])

model = SpectralMLP(hidden=16)
params = model.init(jax.random.PRNGKey(0), x)
params, loss = fit(model, params, x, y)
print("final loss", float(loss))
