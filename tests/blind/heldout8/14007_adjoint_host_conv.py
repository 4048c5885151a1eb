# Adjoint of a host-implemented 1-D convolution obtained by jax.linear_transpose
import jax
import jax.numpy as jnp
import numpy as np

KERNEL = np.array([0.25, 0.5, 0.25], dtype=np.float32)


class HostConv:
    def __init__(self, n):
        self.n = n

    def _np_apply(self, v):
        return np.convolve(np.asarray(v), KERNEL, mode="same").astype(np.float32)

    def __call__(self, v):
        out = jax.ShapeDtypeStruct((self.n,), jnp.float32)
        return jax.pure_callback(self._np_apply, out, v, vmap_method="sequential")


def build_adjoint(op, n):
    primal = jax.ShapeDtypeStruct((n,), jnp.float32)
    return jax.linear_transpose(op, primal)


if __name__ == "__main__":
    n = 6
    conv = HostConv(n)
    v = jnp.arange(n, dtype=jnp.float32)
    print("A v =", conv(v))
    adj = build_adjoint(conv, n)
    (ATu,) = adj(jnp.ones(n, jnp.float32))
    print("A^T 1 =", ATu)
