#!/usr/bin/env python
# coding: utf-8

# In[1]:


try:
    get_ipython().run_line_magic("matplotlib", "inline")
except NameError:
    pass

import numpy as np
import jax
import jax.numpy as jnp
from scipy.integrate import solve_ivp


# In[2]:


def host_trajectory(y0, t_end):
    sol = solve_ivp(lambda t, y: -0.5 * y, (0.0, float(t_end)), np.atleast_1d(y0))
    return np.float32(sol.y[0, -1])


# In[3]:


def endpoint(y0, t_end):
    out = jax.ShapeDtypeStruct((), jnp.float32)
    return jax.pure_callback(host_trajectory, out, jax.lax.stop_gradient(y0), t_end,
                             vmap_method="sequential")


# In[5]:


y0s = jnp.array([1.0, 2.0, 3.0])
ends = jax.vmap(endpoint, in_axes=(0, None))(y0s, 2.0)
ends


# In[7]:


def objective(y0, t_end):
    # the solver is treated as a fixed lookup; only the quadratic penalty is differentiated
    return (endpoint(y0, t_end) - 0.1) ** 2 + 0.01 * y0 ** 2


grads = jax.vmap(jax.grad(objective), in_axes=(0, None))(y0s, 2.0)
print(grads)


# In[ ]:




