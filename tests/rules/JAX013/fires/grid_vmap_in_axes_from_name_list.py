"""A log-likelihood evaluated on the product grid of its named parameters: one vmap per name,
each in_axes generated from the length of the list of names; the ordered host log of every
evaluation is then batched by the vmaps."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

LOG = []


def over_grid(fn, params):
    axes = [p for p in params]
    out = fn
    for k in range(len(axes)):
        out = jax.vmap(out, in_axes=tuple(0 if i == k else None for i in range(len(axes))))
    return out


def _record(value):
    LOG.append(float(np.asarray(value)))
    return np.int32(len(LOG))


def loglik(mu, sigma):
    val = -0.5 * jnp.log(2 * jnp.pi * sigma ** 2) - (1.3 - mu) ** 2 / (2 * sigma ** 2)
    io_callback(_record, jax.ShapeDtypeStruct((), jnp.int32), val, ordered=True)  # EXPECT: JAX013
    return val


surface = over_grid(loglik, ["mu", "sigma"])(jnp.linspace(-1.0, 1.0, 5), jnp.linspace(0.5, 2.0, 4))
print(surface.shape)
