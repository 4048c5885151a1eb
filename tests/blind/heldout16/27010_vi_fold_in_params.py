"""Black-box VI; keys derived with fold_in and passed as a non-differentiated argument."""
import jax
import jax.numpy as jnp


def log_target(x):
    return -0.5 * jnp.sum((x - jnp.array([1.0, -2.0])) ** 2 / jnp.array([0.5, 2.0]))


def neg_elbo(params, key, n=16):
    mean, log_std = params
    eps = jax.random.normal(key, (n,) + mean.shape)
    xs = mean + jnp.exp(log_std) * eps
    return -(jnp.mean(jax.vmap(log_target)(xs)) + jnp.sum(log_std))


step_fn = jax.jit(jax.value_and_grad(neg_elbo))  # argnums=0: only the params

base = jax.random.key(7)
params = (jnp.zeros(2), jnp.zeros(2))
for t in range(40):
    k = jax.random.fold_in(base, t)
    loss, g = step_fn(params, k)
    params = jax.tree.map(lambda p, d: p - 0.05 * d, params, g)
print(loss, params)
