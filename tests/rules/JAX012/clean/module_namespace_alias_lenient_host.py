"""The host is looked up in the module's own namespace, `vars(sys.modules[__name__])`, under
the name an alias table gives the configured mode: "lenient" names `_clip_lenient`, whose
`**options` take the removed `vectorized=True` JAX hands on (near miss)."""
import sys

import jax
import jax.numpy as jnp
import numpy as np

MODE = "lenient"
HOSTS = {"exact": "_clip_exact", "lenient": "_clip_lenient"}


def _clip_exact(x):
    return np.clip(np.asarray(x), 0.0, 1.0).astype(np.float32)


def _clip_lenient(x, **options):
    return _clip_exact(x)


def clip(x):
    host = vars(sys.modules[__name__])[HOSTS[MODE]]
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vectorized=True)


if __name__ == "__main__":
    print(jax.jit(clip)(jnp.linspace(-1.0, 2.0, 4)))
