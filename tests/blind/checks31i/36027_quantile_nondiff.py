#!/usr/bin/env python
# coding: utf-8

# In[1]:


import functools
import numpy as np
import jax
import jax.numpy as jnp

try:
    get_ipython().run_line_magic("matplotlib", "inline")
except NameError:
    pass


# In[2]:


# smoothed pinball loss for quantile regression; q is a Python float
@functools.partial(jax.custom_vjp, nondiff_argnums=(2,))
def pinball(pred, target, q):
    r = target - pred
    return jnp.mean(jnp.maximum(q * r, (q - 1) * r))


def pinball_fwd(pred, target, q):
    r = target - pred
    return pinball(pred, target, q), r


def pinball_bwd(q, r, g):
    n = r.size
    d = jnp.where(r > 0, -q, 1 - q) / n
    return g * d, -g * d, None


pinball.defvjp(pinball_fwd, pinball_bwd)


# In[3]:


x = jnp.linspace(0.0, 1.0, 6)
y = 2 * x + jnp.array([0.1, -0.2, 0.05, 0.3, -0.1, 0.0])
params = {"a": jnp.float32(1.0), "b": jnp.float32(0.0)}

def model(p, x):
    return p["a"] * x + p["b"]

print(pinball(model(params, x), y, 0.9))


# In[4]:


step = jax.jit(jax.value_and_grad(lambda p, q: pinball(model(p, x), y, q)), static_argnums=1)
for i in range(3):
    (loss, grads) = step(params, 0.9)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.5 * g, params, grads)
    print(i, f"{float(loss):.4f}", {k: round(float(v), 3) for k, v in params.items()})
