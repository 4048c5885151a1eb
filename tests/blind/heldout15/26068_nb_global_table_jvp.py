# %%
import numpy as np
import jax
import jax.numpy as jnp

# %%
table = np.array([1.0, 0.8, 0.5, 0.2], dtype=np.float32)

def _host_weights():
    return table.copy()

def weighted(x):
    w = jax.pure_callback(_host_weights, jax.ShapeDtypeStruct(table.shape, jnp.float32),
                          vmap_method="broadcast_all")
    return jnp.dot(w, jnp.sin(x))

# %%
x = jnp.array([0.1, 0.2, 0.3, 0.4])
print(weighted(x))

# %% refit the table, then re-run the same cell
table = table[::-1].copy()
print(weighted(x))

# %%
y, dy = jax.jvp(weighted, (x,), (jnp.ones_like(x),))
print(y, dy)
print(jax.jacrev(weighted)(x))
