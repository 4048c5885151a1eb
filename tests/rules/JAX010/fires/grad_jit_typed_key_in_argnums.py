"""A jitted grad whose argnums take in the typed PRNG key of a dropout loss."""
import jax
import jax.numpy as jnp


def dropout_loss(w, key, x, rate=0.25):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    h = jnp.where(keep, x * w / (1.0 - rate), 0.0)
    return jnp.mean(h ** 2)


x = jnp.linspace(-1.0, 1.0, 6)
key = jax.random.key(3)
key, sub = jax.random.split(key)
gw, gk = jax.jit(jax.grad(dropout_loss, argnums=(0, 1)))(0.8, sub, x)  # EXPECT: JAX010
print(gw)
