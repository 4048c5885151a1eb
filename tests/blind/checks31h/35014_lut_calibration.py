# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     name: python3
# ---

# %% [markdown]
# # Sensor calibration via a host-side lookup table
# The detector response is tabulated in a CSV we only have as NumPy arrays;
# we call it from a jitted pipeline with `pure_callback`.

# %%
import time
import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", False)
print(jax.__version__, jax.devices())

# %%
# fake "table" loaded from disk
volts = np.linspace(0.0, 5.0, 64)
lux = 12.0 * volts ** 1.7 + 0.3 * np.sin(3 * volts)
print(volts[:4], lux[:4])

# %%
def table_lookup(v):
    v = np.asarray(v)
    return np.interp(v, volts, lux).astype(np.float32)

def calibrate(v):
    spec = jax.ShapeDtypeStruct(v.shape, jnp.float32)
    return jax.pure_callback(table_lookup, spec, v, vmap_method="sequential")

readings = jnp.array([0.1, 1.2, 2.5, 4.9], dtype=jnp.float32)
print(jax.jit(calibrate)(readings))

# %% [markdown]
# The NumPy interp clips silently at the ends. Try a version that also
# reports how many readings were out of range -- and keep everything as arrays.

# %%
def table_lookup(v):
    v = np.asarray(v)
    out_of_range = int(np.sum((v < volts[0]) | (v > volts[-1])))
    if out_of_range:
        print(f"{out_of_range} readings outside table")
    vals = jnp.interp(v, volts, lux)
    return np.asarray(vals, dtype=np.float32)

# %%
t0 = time.perf_counter()
for _ in range(3):
    res = jax.jit(calibrate)(readings * 1.1).block_until_ready()
print(f"{(time.perf_counter() - t0) / 3 * 1e3:.2f} ms/loop", res)

# %%
batch = jnp.stack([readings, readings[::-1]])
out = jax.vmap(calibrate)(batch)
print(out.shape, out)

# %%
try:
    import matplotlib.pyplot as plt
    plt.plot(volts, lux)
    plt.scatter(np.asarray(readings), np.asarray(out[0]))
except ImportError:
    pass
