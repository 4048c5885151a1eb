"""grad of a noisy loss with respect to its weights, the typed PRNG key passed beside them and
not differentiated (near miss of grad_typed_prng_key_from_fixture.py)."""

import jax
import jax.numpy as jnp


def noisy_loss(w, key):
    noise = 0.1 * jax.random.normal(key, w.shape)
    return jnp.sum((w + noise) ** 2)


def train_step(w, key):
    key, step_key = jax.random.split(key)
    grads = jax.grad(noisy_loss)(w, step_key)
    return w - 0.1 * grads, key


w, key = train_step(jnp.ones(3), jax.random.key(0))
print(w)
