"""A custom_vjp whose bwd takes one argument (JAX passes two); `stop_gradient` is applied to
another term, and the custom function's output reaches the loss: JAX runs the bwd."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def gate(x, w):
    return jax.nn.sigmoid(w) * x


def gate_fwd(x, w):
    s = jax.nn.sigmoid(w)
    return s * x, (s, x)


def gate_bwd(res):  # EXPECT: JAX016
    s, x = res
    return s, x


gate.defvjp(gate_fwd, gate_bwd)


def loss(x, w):
    return jnp.sum(gate(x, w) * jax.lax.stop_gradient(x))


print(jax.grad(loss, argnums=(0, 1))(jnp.array([1.0, 2.0]), jnp.array([0.1, 0.2])))
