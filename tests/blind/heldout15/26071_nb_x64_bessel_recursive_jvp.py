# %%
import numpy as np
import scipy.special as sps
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)

# %% [markdown]
# Bessel J_v with derivatives written through J itself, so higher orders work.

# %%
def _host_jv(v, z):
    return sps.jv(np.asarray(v), np.asarray(z))

@jax.custom_jvp
def jv(v, z):
    v, z = jnp.asarray(v), jnp.asarray(z)
    spec = jax.ShapeDtypeStruct(jnp.broadcast_shapes(v.shape, z.shape), z.dtype)
    return jax.pure_callback(_host_jv, spec, v, z, vmap_method="broadcast_all")

jv.defjvps(None, lambda g, ans, v, z: g * 0.5 * (jv(v - 1, z) - jv(v + 1, z)))

# %%
z = jnp.float64(1.7)
print(jv(1.0, z))

# %%
d1 = jax.grad(jv, argnums=1)(1.0, z)
d2 = jax.grad(jax.grad(jv, argnums=1), argnums=1)(1.0, z)
print(d1, d2)

# %%
print(jax.hessian(lambda zz: jv(0.0, zz))(z))
