"""Black-box VI where the score is differentiated through the sampler (typed keys)."""
import jax
import jax.numpy as jnp


def log_target(x):
    return -0.5 * jnp.sum((x - jnp.array([1.0, -2.0])) ** 2 / jnp.array([0.5, 2.0]))


def neg_elbo(key, mean, log_std, n=16):
    keys = jax.random.split(key, n)
    def one(k):
        eps = jax.random.normal(k, mean.shape)
        x = mean + jnp.exp(log_std) * eps
        return log_target(x)
    return -(jnp.mean(jax.vmap(one)(keys)) + jnp.sum(log_std))


# gradient w.r.t. every argument of the objective
loss_and_grads = jax.value_and_grad(neg_elbo, argnums=(0, 1, 2))

key = jax.random.key(42)
mean = jnp.zeros(2)
log_std = jnp.zeros(2)
for step in range(30):
    key = jax.random.fold_in(key, step)
    loss, (_, gm, gs) = loss_and_grads(key, mean, log_std)
    mean, log_std = mean - 0.05 * gm, log_std - 0.05 * gs
print(mean, jnp.exp(log_std))
