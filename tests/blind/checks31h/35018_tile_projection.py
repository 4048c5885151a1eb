# %% [markdown]
# # Web-mercator tiles for GPS tracks
# The projection code comes from an old NumPy package; wrap it for jit/vmap.

# %%
import math
import numpy as np
import jax
import jax.numpy as jnp

EARTH_R = 6378137.0

# %%
def to_mercator(lon, lat):
    lon = np.asarray(lon, dtype=np.float64)
    lat = np.clip(np.asarray(lat, dtype=np.float64), -85.0511, 85.0511)
    x = EARTH_R * np.radians(lon)
    y = EARTH_R * np.log(np.tan(np.pi / 4 + np.radians(lat) / 2))
    return np.stack([x, y], axis=-1).astype(np.float32)

cb_opts = {"vmap_method": "sequential"}

def project(track):
    lon, lat = track[..., 0], track[..., 1]
    out = jax.ShapeDtypeStruct(track.shape, jnp.float32)
    return jax.pure_callback(to_mercator, out, lon, lat, **cb_opts)

# %%
track = jnp.array([[13.40, 52.52], [2.35, 48.86], [-0.13, 51.51]], dtype=jnp.float32)
xy = jax.jit(project)(track)
print(xy)

# %%
def tile_index(xy, zoom):
    n = 2 ** zoom
    span = 2 * math.pi * EARTH_R
    tx = jnp.floor((xy[..., 0] + span / 2) / span * n)
    ty = jnp.floor((span / 2 - xy[..., 1]) / span * n)
    return jnp.stack([tx, ty], axis=-1).astype(jnp.int32)

print(tile_index(xy, 10))

# %%
tracks = jnp.stack([track, track + 0.01, track - 0.01])
batched = jax.jit(jax.vmap(project))(tracks)
print(batched.shape)

# %% [markdown]
# The sequential vmap calls the host once per track. The old notebook
# passed `vectorized=True` to skip the loop -- try that.

# %%
cb_opts = {**cb_opts, "vectorized": True}
print(cb_opts)

# %%
# %timeit jax.jit(jax.vmap(project))(tracks)
for _ in range(2):
    batched = jax.jit(jax.vmap(project))(tracks).block_until_ready()
print(tile_index(batched, 12)[0])
