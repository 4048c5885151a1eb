import jax
import jax.numpy as jnp

from circuit import node_voltages

g = jnp.array([1.0, 2.0, 0.5, 1.5, 1.0])
current = jnp.array([1.0, 0.0, 0.0, -1.0])

v = node_voltages(g, current)
print("voltages:", v)

power = lambda g: jnp.dot(node_voltages(g, current), current)
print("dP/dg:", jax.grad(power)(g))

J = jax.jacrev(node_voltages)(g, current)
print("dV/dg shape:", J.shape)
