#!/usr/bin/env python
# coding: utf-8

# # Bootstrap particle filter -- resampling on the host
#
# Exploring whether systematic resampling is worth doing outside XLA.

# In[1]:


try:
    get_ipython().run_line_magic("load_ext", "autoreload")
    get_ipython().run_line_magic("autoreload", "2")
except NameError:
    pass

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


# In[2]:


RESAMPLER = "jax"   # first attempt: draw the offset with jax.random
N = 16
rng = np.random.default_rng(3)
weights0 = rng.random(N).astype(np.float32)
weights0 /= weights0.sum()


# In[3]:


def systematic_indices(w, offset):
    positions = (np.arange(len(w)) + offset) / len(w)
    return np.searchsorted(np.cumsum(w), positions).clip(0, len(w) - 1)


def host_resample(w, step):
    w = np.asarray(w, dtype=np.float64)
    step = int(np.asarray(step))
    w = w / w.sum()
    match RESAMPLER:
        case "jax":
            u = float(jax.random.uniform(jax.random.PRNGKey(step)))
        case "numpy":
            u = np.random.default_rng(step).random()
        case other:
            raise ValueError(other)
    return systematic_indices(w, u).astype(np.int32)


# In[4]:


def filter_step(carry, obs):
    particles, w, step = carry
    idx = io_callback(host_resample, jax.ShapeDtypeStruct((N,), jnp.int32), w, step)
    particles = particles[idx] + 0.1 * jnp.sin(step + jnp.arange(N))
    loglik = -0.5 * (obs - particles) ** 2
    w = jax.nn.softmax(loglik)
    return (particles, w, step + 1), jnp.sum(w * particles)


@jax.jit
def run_filter(observations, particles, w):
    (_, w_final, _), means = jax.lax.scan(filter_step, (particles, w, 0), observations)
    return means, w_final


# In[5]:


# the jax.random draw was slow-ish to dispatch from the host; switch to numpy
RESAMPLER = "numpy"


# In[6]:


obs = jnp.linspace(-1.0, 1.0, 8)
p0 = jnp.asarray(rng.normal(size=N), dtype=jnp.float32)
means, wf = run_filter(obs, p0, jnp.asarray(weights0))
print("filtered means:", means)
print("ESS:", 1.0 / jnp.sum(wf ** 2))


# In[7]:


if (ess := float(1.0 / jnp.sum(wf ** 2))) < N / 2:
    print(f"degenerate ({ess:.1f}), would resample more often")
