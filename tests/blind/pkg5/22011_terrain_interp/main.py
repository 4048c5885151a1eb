# Models a terrain library wrapping SciPy RegularGridInterpolator behind a callback, evaluated per query point with vmap.
import jax
import jax.numpy as jnp
import numpy as np
from terrain import ElevationMap

xs = np.linspace(0.0, 1.0, 5)
ys = np.linspace(0.0, 2.0, 7)
heights = np.add.outer(np.sin(xs), np.cos(ys)).astype(np.float32)
emap = ElevationMap(xs, ys, heights)

queries = jnp.array([[0.1, 0.3], [0.5, 1.5], [0.9, 0.2]])

if __name__ == "__main__":
    print(emap.height_at(queries[0]))
    print(jax.vmap(emap.height_at)(queries))
