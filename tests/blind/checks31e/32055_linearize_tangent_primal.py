"""Tangent-linear model of a logistic map, built with jax.linearize."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def logistic(x, r):
    return r * x * (1.0 - x)


def _logistic_jvp(primals, tangents):
    x, r = primals
    dx, dr = tangents
    x_eff = x + 0.0 * dx
    y = r * x_eff * (1.0 - x_eff)
    return y, r * (1.0 - 2.0 * x) * dx + x * (1.0 - x) * dr


logistic.defjvp(_logistic_jvp)


def orbit(x0, r=3.7, n=4):
    x = x0
    for _ in range(n):
        x = logistic(x, r)
    return x


y, tangent_model = jax.linearize(orbit, jnp.float32(0.2))
print(y, tangent_model(jnp.float32(1.0)))
