# %% [markdown]
# ## Straight-through quantiser experiment
# The forward pass rounds; the backward pass should see the identity.

# %%
import jax
import jax.numpy as jnp

# %%
@jax.custom_vjp
def ste(v):
    return v

ste.defvjp(lambda v: (v, None), lambda _, g: (g,))

# %%
@jax.custom_jvp
def quantize(x):
    return jnp.round(x * 4.0) / 4.0

@quantize.defjvp
def _quantize_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    # route the tangent through the straight-through op
    return quantize(x), ste(dx)

# %%
x = jnp.array([0.12, 0.61, -0.33])
print(quantize(x))
print(jax.jvp(quantize, (x,), (jnp.ones_like(x),)))

# %%
loss = lambda x: jnp.sum((quantize(x) - 0.5) ** 2)
print(loss(x))

# %%
print(jax.grad(loss)(x))
