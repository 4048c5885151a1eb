#!/usr/bin/env python
# coding: utf-8

# ## Age-structured SIR -- contact matrix from the survey tables

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp

try:
    get_ipython().run_line_magic("matplotlib", "inline")
except NameError:
    pass


# In[2]:


AGE_BANDS = ["0-19", "20-39", "40-59", "60+"]
SURVEY = np.array([[7.0, 3.1, 2.2, 0.8],
                   [3.1, 6.4, 3.0, 1.0],
                   [2.2, 3.0, 4.9, 1.5],
                   [0.8, 1.0, 1.5, 2.7]])
cfg = {"symmetrize": True, "scale": 1.0}


# In[3]:


def contact_host(scale, weekday):
    scale = np.asarray(scale, dtype=np.float64)
    weekday = int(np.asarray(weekday))
    m = SURVEY * scale * (0.7 if weekday >= 5 else 1.0)
    if cfg["symmetrize"]:
        m = 0.5 * (m + m.T)
    return m.astype(np.float32)


def contacts(scale, weekday):
    kw = {}
    if (vec := cfg.get("vectorized")) is not None:
        kw["vectorized"] = vec
    if (vm := cfg.get("vmap_method")) is not None:
        kw["vmap_method"] = vm
    return jax.pure_callback(contact_host, jax.ShapeDtypeStruct((4, 4), jnp.float32),
                             scale, weekday, **kw)


# In[4]:


def sir_day(state, day, beta, gamma, scale):
    s, i, r = state
    C = contacts(scale, day % 7)
    force = beta * C @ i
    new_inf = s * force
    new_rec = gamma * i
    return (s - new_inf, i + new_inf - new_rec, r + new_rec), i.sum()


@jax.jit
def simulate(beta, gamma, scale, i0):
    s0 = 1.0 - i0
    state = (s0, i0, jnp.zeros(4))
    state, prevalence = jax.lax.scan(lambda st, d: sir_day(st, d, beta, gamma, scale),
                                     state, jnp.arange(60))
    return prevalence


# In[5]:


i0 = jnp.array([1e-3, 1e-3, 5e-4, 1e-4])
prev = simulate(0.03, 0.2, 1.0, i0)
print("peak prevalence", float(prev.max()), "on day", int(prev.argmax()))


# In[6]:


# lockdown scenarios -- sweep the contact scale. The callback is not vmappable
# by default; old code passed the vectorized flag.
cfg["vectorized"] = False
cfg["vmap_method"] = "sequential"


# In[7]:


scales = jnp.array([1.0, 0.7, 0.5])
peaks = jax.vmap(lambda s: simulate(0.03, 0.2, s, i0).max())(scales)
for s, p in zip(np.asarray(scales), np.asarray(peaks)):
    print(f"scale {s:.1f}: peak {p:.4f}")
