# %%
import jax
import jax.numpy as jnp
from jax import lax

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_debug_nans", True)

# %% Newton iterations for sqrt(a), with a data-dependent number of steps
def newton_sqrt(a, n_steps):
    def body(i, z):
        return 0.5 * (z + a / z)
    return lax.fori_loop(0, n_steps, body, a)

# %%
a = jnp.float64(2.0)
print(newton_sqrt(a, 6))

# %%
steps = jnp.asarray(6)
print(newton_sqrt(a, steps))

# %% sensitivity of the approximation to the input
dsqrt = jax.jit(jax.grad(newton_sqrt))
print(dsqrt(a, steps))
