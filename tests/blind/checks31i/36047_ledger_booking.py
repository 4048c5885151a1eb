#!/usr/bin/env python
# coding: utf-8

# # Inventory ledger: simulated demand, booked to a host-side ledger

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

try:
    get_ipython().run_line_magic("load_ext", "autoreload")
except NameError:
    pass


# In[2]:


ledger = {}

def _book(store_id, qty):
    sid = int(np.asarray(store_id))
    ledger.setdefault(sid, []).append(float(np.asarray(qty)))
    return np.float32(sum(ledger[sid]))


# In[3]:


def book(store_id, qty):
    return io_callback(_book, jax.ShapeDtypeStruct((), jnp.float32), store_id, qty, ordered=True)


def restock(store_id, level, demand):
    shortfall = jnp.maximum(demand - level, 0.0)
    total = book(store_id, shortfall)
    return level + shortfall - demand, total


# In[4]:


lvl, tot = restock(jnp.int32(0), jnp.float32(3.0), jnp.float32(5.0))
print(lvl, tot, ledger)


# In[5]:


# order of bookings across stores is irrelevant per store -> drop the ordering
def book(store_id, qty):
    return io_callback(_book, jax.ShapeDtypeStruct((), jnp.float32), store_id, qty)


# In[6]:


key = jax.random.PRNGKey(7)
demand = jax.random.uniform(key, (4,), minval=1.0, maxval=6.0)
levels = jnp.full((4,), 2.5)
stores = jnp.arange(4, dtype=jnp.int32)
new_levels, totals = jax.vmap(restock)(stores, levels, demand)
print(new_levels, totals)


# In[7]:


print({k: np.round(v, 2) for k, v in ledger.items()})
