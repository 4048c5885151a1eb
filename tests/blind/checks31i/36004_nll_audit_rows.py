# In[1]:
import numpy as np
import jax
import jax.numpy as jnp
from functools import partial
from jax.experimental import io_callback

rng = np.random.default_rng(0)
observations = jnp.asarray(rng.normal(size=(4, 5)).astype(np.float32))

# In[2]:
audit = []

def audit_host(row_id, nll):
    audit.append((int(np.asarray(row_id)), float(np.asarray(nll))))
    return np.asarray(nll, dtype=np.float32)

emit = partial(io_callback, audit_host, jax.ShapeDtypeStruct((), jnp.float32), ordered=True)

def gaussian_nll(row_id, y, mu=0.0, log_sigma=0.0):
    z = (y - mu) * jnp.exp(-log_sigma)
    nll = 0.5 * jnp.sum(z ** 2) + y.size * log_sigma
    return emit(row_id, nll)

# In[3]:
def experiment(batched, mu=0.0):
    ids = jnp.arange(observations.shape[0])
    if batched:
        return jax.vmap(gaussian_nll, in_axes=(0, 0, None))(ids, observations, mu)
    return jnp.stack([gaussian_nll(i, observations[i], mu) for i in range(len(ids))])

# In[4]:
print(experiment(batched=False))
print(audit[:2])

# In[5]:
# same experiment, shifted mean
print(experiment(batched=False, mu=0.1))

# In[6]:
# and now a mapped version (lax.map runs the rows one after another), should match the loop
audit.clear()
ids = jnp.arange(observations.shape[0])
print(jax.lax.map(lambda a: gaussian_nll(a[0], a[1], 0.1), (ids, observations)))
print(len(audit))
