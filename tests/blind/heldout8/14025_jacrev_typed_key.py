"""Reparameterised VAE sampler; sensitivity of the sample wrt everything passed in."""
import jax
import jax.numpy as jnp


def sample_latent(mu, log_sigma, key):
    eps = jax.random.normal(key, mu.shape)
    return mu + jnp.exp(log_sigma) * eps


def decoder(z):
    return jnp.tanh(z @ jnp.ones((2, 3)))


def recon(key, mu, log_sigma):
    return decoder(sample_latent(mu, log_sigma, key))


key = jax.random.key(0)
mu = jnp.array([0.1, -0.2])
log_sigma = jnp.zeros(2)
print(recon(key, mu, log_sigma))
J = jax.jacrev(recon, argnums=(0, 1))(key, mu, log_sigma)
print(J)
