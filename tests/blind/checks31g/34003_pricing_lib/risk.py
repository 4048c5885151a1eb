import jax
import jax.numpy as jnp


def book_value(option, spots, vols, notionals):
    return jnp.sum(notionals * jax.vmap(option.price)(spots, vols))


def sensitivities(option, spots, vols, notionals):
    return jax.grad(book_value, argnums=(1, 2))(option, spots, vols, notionals)
