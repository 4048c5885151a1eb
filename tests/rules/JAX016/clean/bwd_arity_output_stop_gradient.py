"""A custom_vjp whose bwd takes one argument (JAX passes two), but its output goes through
`stop_gradient` before the loss: its cotangent is zero, so JAX never runs the bwd."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def gate(x, w):
    return jax.nn.sigmoid(w) * x


def gate_fwd(x, w):
    s = jax.nn.sigmoid(w)
    return s * x, (s, x)


def gate_bwd(res):
    s, x = res
    return s, x


gate.defvjp(gate_fwd, gate_bwd)


def loss(x, w):
    return jnp.sum(jax.lax.stop_gradient(gate(x, w)) * x)


print(jax.grad(loss, argnums=(0, 1))(jnp.array([1.0, 2.0]), jnp.array([0.1, 0.2])))
