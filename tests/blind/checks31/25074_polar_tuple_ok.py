import jax
import jax.numpy as jnp


@jax.custom_jvp
def to_polar(x, y):
    return jnp.hypot(x, y), jnp.arctan2(y, x)


@to_polar.defjvp
def to_polar_jvp(primals, tangents):
    (x, y), (dx, dy) = primals, tangents
    r, th = to_polar(x, y)
    dr = (x * dx + y * dy) / r
    dth = (x * dy - y * dx) / r ** 2
    return (r, th), (dr, dth)


def radius_plus_angle(p):
    r, th = to_polar(p[0], p[1])
    return r + th


print(jax.grad(radius_plus_angle)(jnp.array([1.0, 1.0])))
