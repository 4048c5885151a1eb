"""Host Bessel-like kernel evaluated through a closure whose options can be switched."""
import math
import numpy as np
import jax
import jax.numpy as jnp


def host_kernel(r):
    x = np.asarray(r, dtype=np.float64)
    terms = [(-1) ** m * (x / 2) ** (2 * m) / math.factorial(m) ** 2 for m in range(12)]
    return np.sum(terms, axis=0).astype(np.float32)


def make_kernel():
    opts = {"vmap_method": "sequential"}

    def set_legacy_batching():
        opts = {"vectorized": True}
        return opts

    def kernel(r):
        spec = jax.ShapeDtypeStruct(r.shape, jnp.float32)
        return jax.pure_callback(host_kernel, spec, r, **opts)

    return kernel, set_legacy_batching


def field(kernel, src, pts):
    d = jnp.sqrt(jnp.sum((pts[:, None, :] - src[None, :, :]) ** 2, axis=-1))
    return kernel(d).sum(axis=1)


if __name__ == "__main__":
    kernel, legacy = make_kernel()
    legacy()
    src = jnp.array([[0.0, 0.0], [1.0, 0.5]])
    pts = jnp.array([[0.5, 0.5], [2.0, 0.0], [-1.0, 1.0]])
    print("field:", np.round(np.asarray(jax.jit(lambda p: field(kernel, src, p))(pts)), 4))
