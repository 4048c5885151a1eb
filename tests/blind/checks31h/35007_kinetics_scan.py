# %%
# Exploring a 3-species reaction network; the stiff part of the rate table is
# built on the host (legacy code) and called from a jitted integrator.
import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_debug_nans", False)

R_GAS = 8.314
A_FACTORS = np.array([1.2e3, 4.0e2, 7.5e1])
E_ACT = np.array([2.0e4, 1.5e4, 9.0e3])

# %%
def _arrhenius_impl(temp, a, ea):
    return a * jnp.exp(-ea / (R_GAS * temp))

arrhenius = jax.jit(_arrhenius_impl)
print(arrhenius(300.0, A_FACTORS, E_ACT))

# %%
def rate_table_host(temps):
    temps = np.asarray(temps, dtype=np.float64)
    rows = []
    for t in np.atleast_1d(temps).ravel():
        k = np.asarray(arrhenius(t, A_FACTORS, E_ACT))
        rows.append(k)
    table = np.stack(rows).reshape(temps.shape + (3,))
    return table.astype(np.float32)

def rates(temp):
    spec = jax.ShapeDtypeStruct(jnp.shape(temp) + (3,), jnp.float32)
    return jax.pure_callback(rate_table_host, spec, temp, vmap_method="expand_dims")

# %%
def rhs(c, k):
    a, b, p = c
    r1 = k[0] * a
    r2 = k[1] * b
    r3 = k[2] * a * b
    return jnp.array([-r1 - r3, r1 - r2 - r3, r2 + r3])

@jax.jit
def integrate(temp, c0, dt=1e-4, steps=50):
    k = rates(temp)
    def body(c, _):
        c = c + dt * rhs(c, k)
        return c, c[2]
    c, traj = jax.lax.scan(body, c0, None, length=steps)
    return c, traj

c0 = jnp.array([1.0, 0.5, 0.0])

# %%
final, traj = integrate(320.0, c0)
print("final concentrations", final)

# %%
# temperature sweep
temps = jnp.linspace(280.0, 360.0, 5)
finals, _ = jax.vmap(integrate, in_axes=(0, None))(temps, c0)
for t, f in zip(np.asarray(temps), np.asarray(finals)):
    print(f"T={t:6.1f}K  product={f[2]:.5f}")

# %%
try:
    import matplotlib.pyplot as plt
    plt.semilogy(np.asarray(temps), np.asarray(finals[:, 2]))
except ImportError:
    pass
