import numpy as np
import jax
import jax.numpy as jnp


def _unit(v):
    return v / jnp.linalg.norm(v, axis=-1, keepdims=True)


def _project_rows(m):
    m = np.asarray(m)
    out = np.empty_like(m)
    for i, row in enumerate(m):
        out[i] = np.asarray(_unit(row))
    return out


class Projector:
    def __init__(self, dim):
        self.dim = dim

    def _host(self, m):
        return _project_rows(m).astype(np.float32)

    def __call__(self, m):
        spec = jax.ShapeDtypeStruct(m.shape, m.dtype)
        return jax.pure_callback(self._host, spec, m)


proj = Projector(3)
m = jnp.arange(1.0, 7.0).reshape(2, 3)
print(jax.jit(proj)(m))
