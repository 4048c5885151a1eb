"""A helper chain three levels deep ends in a host callback; grad is taken at the top."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def _host_erfc(a):
    return scipy.special.erfc(np.asarray(a)).astype(np.float32)


def tail_prob(z):
    return jax.pure_callback(_host_erfc, jax.ShapeDtypeStruct(z.shape, z.dtype), z / jnp.sqrt(2.0))  # EXPECT: JAX001


def standardized_tail(x, mu, sigma):
    return tail_prob((x - mu) / sigma)


def nll(mu, x):
    return -jnp.sum(jnp.log(standardized_tail(x, mu, 1.0) + 1e-6))


print(jax.grad(nll)(0.2, jnp.array([0.1, 0.5, 1.0])))
