"""A fluent builder collects pure_callback keywords in a dict attribute; `.without_legacy()` pops `vectorized`, but `.with_legacy()` comes last and sets it again: the host gets it."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_cube_root(x):
    return np.cbrt(np.asarray(x)).astype(np.float32)


class CallbackBuilder:
    def __init__(self, host):
        self._host = host
        self._kw = {"vmap_method": "sequential"}

    def with_legacy(self):
        self._kw["vectorized"] = True
        return self

    def without_legacy(self):
        self._kw.pop("vectorized", None)
        return self

    def build(self):
        host, kw = self._host, dict(self._kw)

        def apply(x):
            return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, **kw)  # EXPECT: JAX012

        return apply


cube_root = CallbackBuilder(_host_cube_root).without_legacy().with_legacy().build()

if __name__ == "__main__":
    print(cube_root(jnp.asarray([1.0, 8.0, 27.0])))
