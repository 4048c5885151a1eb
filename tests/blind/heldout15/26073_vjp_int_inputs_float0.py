import jax
import jax.numpy as jnp


def gather_energy(table, idx):
    return jnp.sum(table[idx] ** 2)


table = jnp.array([0.5, 1.0, 1.5, 2.0])
idx = jnp.array([0, 2, 3])

value, pullback = jax.vjp(gather_energy, table, idx)
d_table, d_idx = pullback(jnp.float32(1.0))
print(f"{value=}", d_table, d_idx.dtype)

g_table = jax.grad(gather_energy)(table, idx)
print(g_table)
