"""jax.linearize applied directly to a custom_vjp function: the error comes when f_lin is applied."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def scale_grad(x):
    return x


scale_grad.defvjp(lambda x: (x, None), lambda _, g: (0.1 * g,))

y, f_lin = jax.linearize(scale_grad, jnp.ones(3))  # EXPECT: JAX005
print(y)
print(f_lin(jnp.ones(3)))
