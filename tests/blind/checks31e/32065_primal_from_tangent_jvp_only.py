"""Tangent-linear logistic map pushed forward with jax.jvp (forward mode only)."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def logistic(x, r):
    return r * x * (1.0 - x)


@logistic.defjvp
def logistic_jvp(primals, tangents):
    x, r = primals
    dx, dr = tangents
    x_eff = x + 0.0 * dx
    y = r * x_eff * (1.0 - x_eff)
    return y, r * (1.0 - 2.0 * x) * dx + x * (1.0 - x) * dr


def orbit(x0, r=3.7, n=4):
    x = x0
    for _ in range(n):
        x = logistic(x, r)
    return x


y, dy = jax.jvp(orbit, (jnp.float32(0.2),), (jnp.float32(1.0),))
print(y, dy)
