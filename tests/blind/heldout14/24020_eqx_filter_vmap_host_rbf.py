"""Per-sample evaluation of an equinox RBF network whose kernel matrix is
built by a compiled host routine (scipy.spatial.distance)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from scipy.spatial import distance


def _sqdist(a, b):
    # a: [..., n, d] (batch dims in front, thanks to expand_dims), b: [m, d]
    a = np.asarray(a)
    flat = a.reshape(-1, a.shape[-1])
    d2 = distance.cdist(flat, np.asarray(b).reshape(-1, b.shape[-1]), "sqeuclidean")
    return d2.reshape(a.shape[:-1] + (b.shape[-2],)).astype(np.float32)


def host_sqdist(a, b):
    shape = jax.ShapeDtypeStruct(a.shape[:-1] + (b.shape[0],), jnp.float32)
    return jax.pure_callback(_sqdist, shape, a, b, vmap_method="expand_dims")


class RBFNet(eqx.Module):
    centres: jax.Array
    readout: eqx.nn.Linear
    gamma: float = eqx.field(static=True, default=2.0)

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.centres = jax.random.uniform(k1, (5, 2))
        self.readout = eqx.nn.Linear(5, 1, key=k2)

    def __call__(self, x):
        phi = jnp.exp(-self.gamma * host_sqdist(x[None, :], self.centres))[0]
        return self.readout(phi)[0]


if __name__ == "__main__":
    net = RBFNet(jax.random.PRNGKey(4))
    xs = jax.random.uniform(jax.random.PRNGKey(5), (6, 2))
    preds = eqx.filter_vmap(net)(xs)
    print(preds)
