"""linear_transpose of a linear map that goes through a custom_vjp function."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def mask_grad(x):
    return x


def _fwd(x):
    return x, None


def _bwd(_, g):
    return (g * jnp.array([1.0, 0.0, 1.0]),)


mask_grad.defvjp(_fwd, _bwd)


def linear_op(v):
    return 2.0 * mask_grad(v) + jnp.roll(v, 1)  # EXPECT: JAX006


adjoint = jax.linear_transpose(linear_op, jnp.zeros(3))
print(adjoint(jnp.array([1.0, 2.0, 3.0])))
