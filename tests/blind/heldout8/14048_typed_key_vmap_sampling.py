"""Per-example noise with typed keys under vmap, gradient wrt the mean only."""
import jax
import jax.numpy as jnp


def elbo_term(mu, key, x):
    eps = jax.random.normal(key, mu.shape)
    z = mu + 0.1 * eps
    return -jnp.sum((x - z) ** 2)


def batch_objective(mu, keys, xs):
    return jnp.mean(jax.vmap(elbo_term, in_axes=(None, 0, 0))(mu, keys, xs))


keys = jax.random.split(jax.random.key(42), 8)
xs = jnp.tile(jnp.array([1.0, -1.0]), (8, 1))
mu = jnp.zeros(2)
for i in range(3):
    val, g = jax.value_and_grad(batch_objective)(mu, keys, xs)
    mu = mu + 0.2 * g
    keys = jax.vmap(lambda k: jax.random.split(k)[0])(keys)
    print(i, val, mu)
print(jax.random.key_data(keys).dtype)
