# %%
import numpy as np
import jax
import jax.numpy as jnp

# %%
def _host_smoothstep(x):
    x = np.clip(np.asarray(x), 0.0, 1.0)
    return (x * x * (3 - 2 * x)).astype(np.float32)

def smoothstep(x):
    return jax.pure_callback(_host_smoothstep, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")

# %%
xs = jnp.linspace(0, 1, 5)
ys = smoothstep(xs)
print(ys)

# %% sanity check: jvp with a zero direction should give a zero tangent
zero = jnp.zeros_like(xs)
y, dy = jax.jvp(smoothstep, (xs,), (zero,))
print(dy)
