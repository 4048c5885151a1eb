"""A Metropolis sampler proposes moves on the host; nothing differentiates it, and the gradient is of another function."""
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)


def _propose(x):
    return (x + 0.1 * rng.standard_normal(x.shape)).astype(np.float32)


def log_prob(x):
    return -0.5 * jnp.sum(x**2)


@jax.jit
def mh_step(x):
    prop = jax.pure_callback(_propose, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    accept = log_prob(prop) - log_prob(x) > jnp.log(0.5)
    return jnp.where(accept, prop, x)


x = jnp.zeros(2)
for _ in range(3):
    x = mh_step(x)
score = jax.grad(log_prob)(x)
print(x, score)
