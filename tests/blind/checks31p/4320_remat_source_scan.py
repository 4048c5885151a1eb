"""Checkified, rematerialised scan over time steps with a host-evaluated source term."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import checkify


def host_source(t, u, vectorized=True):
    t = float(np.asarray(t))
    u = np.asarray(u)
    return (np.exp(-t) * np.cos(u)).astype(np.float32)


def source(t, u):
    return jax.pure_callback(host_source, jax.ShapeDtypeStruct(u.shape, u.dtype), t, u,
                             vectorized=True)


@jax.checkpoint
def body(carry, t):
    u = carry
    checkify.check(jnp.all(jnp.isfinite(u)), "non-finite state at t={t}", t=t)
    u = u + 0.1 * (source(t, u) - u)
    return u, jnp.linalg.norm(u)


def simulate(u0, ts):
    return lax.scan(body, u0, ts)


if __name__ == "__main__":
    checked = jax.jit(checkify.checkify(simulate))
    err, (u, norms) = checked(jnp.linspace(0.0, 1.0, 4), jnp.arange(5, dtype=jnp.float32) * 0.1)
    err.throw()
    print(np.round(np.asarray(norms), 4))
