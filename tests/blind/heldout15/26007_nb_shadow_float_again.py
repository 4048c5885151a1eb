# In[1]:
import jax
import jax.numpy as jnp

# In[2]:
x = jnp.arange(6)
print("indices", x)

# In[3]:
def lattice_energy(sites):
    return jnp.sum(jnp.cos(0.3 * sites) ** 2)

print(lattice_energy(x))

# In[4]:
# convert before differentiating (forgot this the first time)
x = x.astype(jnp.float32)

# In[5]:
force = jax.grad(lattice_energy)(x)
print(force)

# In[6]:
hvp = jax.jvp(jax.grad(lattice_energy), (x,), (jnp.ones_like(x),))[1]
print(hvp)
