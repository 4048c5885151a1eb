#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp

try:
    ip = get_ipython()
    ip.run_line_magic("load_ext", "autoreload")
except NameError:
    ip = None


# In[2]:


# tabulated opacity from the lab
T_TAB = np.array([1.0, 2.0, 4.0, 8.0], dtype=np.float32)
K_TAB = np.array([3.0, 1.8, 0.9, 0.5], dtype=np.float32)

def _opacity(T):
    return np.interp(np.asarray(T), T_TAB, K_TAB).astype(np.float32)

def opacity(T):
    return jax.pure_callback(_opacity, jax.ShapeDtypeStruct(jnp.shape(T), jnp.float32), T,
                             vmap_method="legacy_vectorized")


# In[3]:


temps = jnp.array([1.5, 3.0, 6.0])
opacity(temps)


# In[4]:


def optical_depth(T, path=2.0):
    return jnp.sum(opacity(T) * path)

optical_depth(temps)


# In[6]:


tau, dtau = jax.value_and_grad(optical_depth)(temps)
print(tau, dtau)
