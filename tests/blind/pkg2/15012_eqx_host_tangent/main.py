import jax
import jax.numpy as jnp
import equinox as eqx
from layers import SpectralFilter

model = SpectralFilter(8, jax.random.PRNGKey(0))
xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8))
target = jnp.zeros((4, 8))


@eqx.filter_value_and_grad
def loss(m, x, t):
    return jnp.mean((jax.vmap(m)(x) - t) ** 2)


val, grads = loss(model, xs, target)
print(val)
