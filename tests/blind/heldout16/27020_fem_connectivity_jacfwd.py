"""1-D linear finite elements: assemble the stiffness matrix, sensitivities by forward mode."""
import jax
import jax.numpy as jnp

nodes = jnp.linspace(0.0, 1.0, 6)
elements = jnp.stack([jnp.arange(5), jnp.arange(1, 6)], axis=1)  # int32 connectivity


def assemble(nodes, elements, conductivity):
    n = nodes.shape[0]
    K = jnp.zeros((n, n))
    h = nodes[elements[:, 1]] - nodes[elements[:, 0]]
    ke = conductivity[:, None, None] / h[:, None, None] * jnp.array([[1.0, -1.0], [-1.0, 1.0]])
    rows = jnp.repeat(elements, 2, axis=1)
    cols = jnp.tile(elements, (1, 2))
    return K.at[rows.ravel(), cols.ravel()].add(ke.reshape(-1))


def tip_temperature(nodes, elements, conductivity):
    K = assemble(nodes, elements, conductivity)
    f = jnp.full(nodes.shape, 0.2)
    K = K.at[0].set(jnp.eye(nodes.shape[0])[0])
    f = f.at[0].set(0.0)
    return jnp.linalg.solve(K, f)[-1]


cond = jnp.ones(5)
print(tip_temperature(nodes, elements, cond))
# shape sensitivity (nodes) and material sensitivity together
sens = jax.jacfwd(tip_temperature, argnums=(0, 1, 2))(nodes, elements, cond)
print(sens)
