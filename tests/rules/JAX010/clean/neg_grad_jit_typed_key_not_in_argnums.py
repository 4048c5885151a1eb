"""A jitted grad of a dropout loss that takes a typed PRNG key but differentiates only `w`."""
import jax
import jax.numpy as jnp


def dropout_loss(w, key, x, rate=0.25):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    h = jnp.where(keep, x * w / (1.0 - rate), 0.0)
    return jnp.mean(h ** 2)


x = jnp.linspace(-1.0, 1.0, 6)
key = jax.random.key(3)
key, sub = jax.random.split(key)
gw = jax.jit(jax.grad(dropout_loss, argnums=0))(0.8, sub, x)
print(gw)
