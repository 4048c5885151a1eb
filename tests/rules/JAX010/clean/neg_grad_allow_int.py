"""grad with allow_int=True over (float weight, int index): the int gets a float0 cotangent."""
import jax
import jax.numpy as jnp


def pick(w, idx):
    return jnp.sum(w[idx] ** 2)


g_w, g_idx = jax.grad(pick, argnums=(0, 1), allow_int=True)(jnp.array([1.0, 2.0, 3.0]), 1)
print(g_w, g_idx.dtype)
