# %%
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

# %% host-side map (think: a legacy Fortran routine)
def _logistic_step(x, r):
    x, r = np.asarray(x), np.asarray(r)
    return (r * x * (1.0 - x)).astype(np.float32)

def orbit(r, x0=0.2, n=6):
    def step(x, _):
        nxt = jax.pure_callback(_logistic_step, jax.ShapeDtypeStruct((), jnp.float32), x, r)
        return nxt, nxt
    _, xs = lax.scan(step, jnp.float32(x0), None, length=n)
    return xs

# %%
print(orbit(jnp.float32(3.2)))

# %% bifurcation sweep
rs = jnp.linspace(2.8, 3.9, 5)
sweep = jax.vmap(orbit)(rs)
print(sweep[:, -1])
