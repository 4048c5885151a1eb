# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     name: python3
# ---

# %% [markdown]
# # Bessel-weighted radial profile
# Quick look at fitting a radial profile with scipy's Bessel functions.

# %%
import numpy as np
import scipy.special as sp
import jax
import jax.numpy as jnp

# %%
r = jnp.linspace(0.1, 3.0, 8)
order = 1

# %%
def j_host(z):
    return sp.jv(order, np.asarray(z)).astype(np.float32)

def bessel(z):
    spec = jax.ShapeDtypeStruct(z.shape, z.dtype)
    return jax.pure_callback(j_host, spec, z, vmap_method="sequential")

# %%
profile = bessel(r)
print(profile)

# %% [markdown]
# Now fit a scale factor `k` so that `J1(k r)` matches a synthetic target.

# %%
target = bessel(1.3 * r)

def misfit(k):
    return jnp.sum((bessel(k * r) - target) ** 2)

# %%
k = 1.0
misfit(k)

# %%
g = jax.grad(misfit)(k)
print("dL/dk", g)
