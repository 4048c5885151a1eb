"""The gradient is taken in a `try` whose `except TypeError` keeps the error in a list; the
caller raises what the list holds: JAX's TypeError still stops the program."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def scale(x, s):
    return x * s


def scale_fwd(x, s):
    return x * s, s


def scale_bwd(s, g):  # EXPECT: JAX014
    return g * s


scale.defvjp(scale_fwd, scale_bwd)


def gradient(x, errors):
    try:
        return jax.grad(lambda x: jnp.sum(scale(x, 2.0) ** 2))(x)
    except TypeError as exc:
        errors.append(exc)
        return None


errors = []
g = gradient(jnp.array([1.0, 2.0]), errors)
if errors:
    raise errors[0]
print(g)
