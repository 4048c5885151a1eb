import jax
import jax.numpy as jnp

from circuit import node_voltages, jacobian_rows

g = jnp.array([1.0, 2.0, 0.5, 1.5, 1.0])
current = jnp.array([1.0, 0.0, 0.0, -1.0])

v = node_voltages(g, current)
print("voltages:", v)

power = lambda g: jnp.dot(node_voltages(g, current), current)
print("dP/dg:", jax.grad(power)(g))

J = jacobian_rows(lambda g: node_voltages(g, current), g, 4)
print("dV/dg shape:", J.shape)
