"""Near miss of fires/method_helper_forwards_vectorized.py: the method helper forwards
`vectorized=True` to a host that declares `vectorized=False`, so the host takes it (the
helper's second argument, `shape`, is not the host: the instance is its first parameter)."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_clip(x, vectorized=False):
    return np.clip(np.asarray(x), 0.0, 1.0).astype(np.float32)


class Clipper:
    def _on_host(self, fn, shape, *operands, **options):
        spec = jax.ShapeDtypeStruct(shape, jnp.float32)
        return jax.pure_callback(fn, spec, *operands, **options)

    def run(self, x):
        return jax.jit(lambda v: self._on_host(_host_clip, v.shape, v, vectorized=True))(x)


print(Clipper().run(jnp.linspace(-1.0, 2.0, 4)))
