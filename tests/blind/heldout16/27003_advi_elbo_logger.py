"""Mean-field ADVI with the reparameterisation trick; the ELBO trace is written to a host list."""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback
import numpy as np

HISTORY = []
data = jnp.array([0.4, 1.2, 0.9, 1.7, 1.1])


def _record(v):
    HISTORY.append(float(v))
    return np.float32(v)


def log_joint(mu):
    prior = -0.5 * mu ** 2 / 10.0
    lik = -0.5 * jnp.sum((data - mu) ** 2)
    return prior + lik


def elbo(variational, key, n_samples=8):
    loc, log_scale = variational["loc"], variational["log_scale"]
    eps = jax.random.normal(key, (n_samples,))
    z = loc + jnp.exp(log_scale) * eps
    value = jnp.mean(jax.vmap(log_joint)(z)) + log_scale
    value = io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), value)
    return value


def fit(steps=20, lr=0.05):
    params = {"loc": jnp.float32(0.0), "log_scale": jnp.float32(0.0)}
    key = jax.random.key(0)
    grad_fn = jax.jit(jax.value_and_grad(lambda p, k: -elbo(p, k)))
    for i in range(steps):
        key, sub = jax.random.split(key)
        loss, g = grad_fn(params, sub)
        params = jax.tree.map(lambda w, d: w - lr * d, params, g)
    return params


if __name__ == "__main__":
    print(fit())
    print(len(HISTORY))
