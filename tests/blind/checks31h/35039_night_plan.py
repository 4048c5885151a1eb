# %%
# Night planning: extinction-corrected magnitudes for a target list.
# `airmass` is a host function (it will eventually call a site model).
import numpy as np
import jax
import jax.numpy as jnp

K_EXT = 0.18  # mag / airmass, V band

# %%
def airmass(alt_deg, **kw):
    """plane-parallel approximation"""
    z = np.radians(90.0 - np.asarray(alt_deg, dtype=np.float64))
    return (1.0 / np.cos(z)).astype(np.float32)

def corrected_mag(m_obs, alt_deg):
    X = jax.pure_callback(
        airmass,
        jax.ShapeDtypeStruct(alt_deg.shape, jnp.float32),
        alt_deg,
        vectorized=True,
    )
    return m_obs - K_EXT * X

# %%
alts = jnp.array([75.0, 40.0, 22.0, 12.0])
mags = jnp.array([11.2, 12.9, 10.4, 14.0])
print(jax.jit(corrected_mag)(mags, alts))

# %% [markdown]
# Low targets look wrong: the secant blows up near the horizon.
# Kasten & Young (1989) is better behaved.

# %%
def airmass(alt_deg, vectorized=True):
    alt = np.asarray(alt_deg, dtype=np.float64)
    return (1.0 / (np.sin(np.radians(alt)) + 0.50572 * (alt + 6.07995) ** -1.6364)).astype(np.float32)

print(airmass(np.array([12.0, 5.0])))

# %%
def plan(mags, alts):
    m = corrected_mag(mags, alts)
    order = jnp.argsort(m)
    return m[order], order

m_sorted, order = plan(mags, alts)
print("observe in order:", order, m_sorted)
