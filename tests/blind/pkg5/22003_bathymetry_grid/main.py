# Models a bathymetry package with a SciPy-interpolated depth map behind a callback, batched over survey points with vmap.
import jax
import jax.numpy as jnp
import numpy as np
import bathy

lon = np.linspace(0.0, 1.0, 6)
lat = np.linspace(-1.0, 1.0, 5)
depth = (np.outer(lon, np.ones_like(lat)) ** 2 + lat[None]).astype(np.float32)

survey = jnp.array([[0.2, 0.0], [0.7, -0.5], [0.4, 0.9], [0.95, 0.1]])

if __name__ == "__main__":
    dm = bathy.DepthMap(lon, lat, depth)
    batched = jax.jit(jax.vmap(dm.depth))
    print(batched(survey))
