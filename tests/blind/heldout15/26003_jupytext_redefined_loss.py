# %% [markdown]
# Scratch notebook: trying a few versions of the smoothing penalty.

# %%
import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)

# %%
def _np_softplus(v):
    return np.log1p(np.exp(v))

def penalty(w):
    # v1: straight to numpy (fast to write, cannot be differentiated)
    return jax.pure_callback(_np_softplus, jax.ShapeDtypeStruct(w.shape, w.dtype), w,
                             vmap_method="broadcast_all").sum()

# %%
w = jnp.array([0.3, -1.2, 2.0])
print("v1", penalty(w))

# %%
@jax.custom_jvp
def softplus_host(v):
    return jax.pure_callback(_np_softplus, jax.ShapeDtypeStruct(v.shape, v.dtype), v,
                             vmap_method="broadcast_all")

@softplus_host.defjvp
def _softplus_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    return softplus_host(v), jax.nn.sigmoid(v) * dv

# %%
def penalty(w):
    # v2: same numbers, but with a derivative rule
    return softplus_host(w).sum()

# %%
print("v2", penalty(w))
gw = jax.grad(penalty)(w)
print("grad", gw)
