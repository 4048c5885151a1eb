#!/usr/bin/env python
# coding: utf-8

# # Weighted moments with a hand-written JVP

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp


# In[2]:


samples = jnp.array([0.3, 1.2, -0.7, 2.2, 0.9])


@jax.custom_jvp
def weighted_moments(log_w, x):
    w = jax.nn.softmax(log_w)
    mean = jnp.sum(w * x)
    var = jnp.sum(w * (x - mean) ** 2)
    return mean, var


@weighted_moments.defjvp
def _weighted_moments_jvp(primals, tangents):
    log_w, x = primals
    dlog_w, dx = tangents
    w = jax.nn.softmax(log_w)
    mean = jnp.sum(w * x)
    var = jnp.sum(w * (x - mean) ** 2)
    dw = w * (dlog_w - jnp.sum(w * dlog_w))
    dmean = jnp.sum(dw * x + w * dx)
    dvar = jnp.sum(dw * (x - mean) ** 2 + 2 * w * (x - mean) * (dx - dmean))
    return (mean, var), (dmean, dvar)


# In[3]:


log_w = jnp.zeros(5)
m, v = weighted_moments(log_w, samples)
print(f"mean={m:.4f} var={v:.4f}  (numpy: {np.mean(samples):.4f} {np.var(samples):.4f})")


# In[4]:


# sensitivity of the moments to tilting the weights towards the last sample
direction = jnp.zeros(5).at[-1].set(1.0)
(m, v), (dm, dv) = jax.jvp(weighted_moments, (log_w, samples), (direction, jnp.zeros(5)))
print(dm, dv)


# In[5]:


# same thing in reverse mode for all five weights at once
grad_var = jax.grad(lambda lw: weighted_moments(lw, samples)[1])(log_w)
print(np.round(grad_var, 4))
