# In[1]:
import jax
import jax.numpy as jnp

# In[2]:
x = jnp.linspace(0.0, 1.0, 5)
def energy(x):
    return jnp.sum(jnp.cos(x) ** 2)
print(energy(x), jax.grad(energy)(x))

# In[3]:
# reuse x for the lattice index set
del x
x = jnp.arange(5)
print(x.dtype)

# In[4]:
def lattice_energy(sites):
    return jnp.sum(jnp.cos(0.3 * sites) ** 2)

print(lattice_energy(x))

# In[5]:
force = jax.grad(lattice_energy)(x)
print(force)
