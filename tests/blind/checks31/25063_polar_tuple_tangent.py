import jax
import jax.numpy as jnp


@jax.custom_jvp
def to_polar(z):
    return jnp.abs(z), jnp.angle(z)


@to_polar.defjvp
def to_polar_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    r, th = to_polar(z)
    dr = jnp.real(jnp.conj(z) * dz) / r
    return (r, th), dr


def radius(x):
    r, _ = to_polar(x + 1j * x ** 2)
    return r


print(jax.grad(radius)(1.5))
