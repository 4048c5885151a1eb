import numpy as np
import jax
import jax.numpy as jnp


def _unit(v):
    return v / jnp.linalg.norm(v, axis=-1, keepdims=True)


def _unit_np(v):
    return v / np.linalg.norm(v, axis=-1, keepdims=True)


def _project_rows(m):
    m = np.asarray(m)
    return np.stack([_unit_np(row) for row in m])


class Projector:
    def _host(self, m):
        return _project_rows(m).astype(np.float32)

    def __call__(self, m):
        spec = jax.ShapeDtypeStruct(m.shape, m.dtype)
        hosted = jax.pure_callback(self._host, spec, m)
        return 0.5 * (hosted + _unit(m))


proj = Projector()
m = jnp.arange(1.0, 7.0).reshape(2, 3)
print(jax.jit(proj)(m))
