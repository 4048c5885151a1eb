import jax
import jax.numpy as jnp

from orbits.ops import true_anomaly


def positions(M, e, a=1.0):
    nu = true_anomaly(M, e)
    r = a * (1 - e**2) / (1 + e * jnp.cos(nu))
    return jnp.stack([r * jnp.cos(nu), r * jnp.sin(nu)], axis=-1)


if __name__ == "__main__":
    M = jnp.linspace(0.1, 3.0, 5)
    xy = jax.jit(positions)(M, jnp.float32(0.3))
    print(xy.round(4))
