"""A host-side clustering object whose __call__ accepts arbitrary options."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.cluster.vq import kmeans2


class HostKMeans:
    def __init__(self, k, seed=0):
        self.k, self.seed = k, seed

    def __call__(self, *arrays, **options):
        pts = np.asarray(arrays[0])
        self.last_options = dict(options)
        centroids, labels = kmeans2(pts, self.k, seed=self.seed, minit="++")
        return centroids.astype(pts.dtype), labels.astype(np.int32)


clusterer = HostKMeans(2)


@jax.jit
def inertia(points):
    spec = (jax.ShapeDtypeStruct((2, points.shape[1]), points.dtype),
            jax.ShapeDtypeStruct(points.shape[:1], jnp.int32))
    c, lab = jax.pure_callback(clusterer, spec, points, vectorized=False)
    return jnp.sum((points - c[lab]) ** 2)


if __name__ == "__main__":
    pts = jnp.array([[0.0, 0.0], [0.1, 0.2], [5.0, 5.0], [5.2, 4.9]])
    print(inertia(pts), clusterer.last_options)
