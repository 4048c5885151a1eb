"""A `try` around the gradient whose handler logs JAX's TypeError and raises it again: the
program still stops on it."""
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


def gradient(x):
    try:
        return jax.grad(lambda x: jnp.sum(scale(x, 2.0) ** 2))(x)
    except (TypeError, ValueError) as exc:
        print("gradient failed:", exc)
        raise


print(gradient(jnp.array([1.0, 2.0])))
