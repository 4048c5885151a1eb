# shape from: jax-ml/jax#23881 (the `vectorized` deprecation PR's two-argument callback example)
"""Two-operand host callback whose output shape follows NumPy broadcasting.

The host accepts and ignores extra keywords, so call sites written for the old
`vectorized=` argument keep working while no vmap is involved.
"""
import jax
import jax.numpy as jnp
import numpy as np

SEEN = []


def callback(x, y, **legacy_options):
    x, y = np.asarray(x), np.asarray(y)
    SEEN.append((x.shape, y.shape, sorted(legacy_options)))
    return x + y


def fun(x, y):
    shape = jnp.broadcast_shapes(x.shape, y.shape)
    dtype = jnp.result_type(x, y)
    out_type = jax.ShapeDtypeStruct(shape, dtype)
    return jax.pure_callback(callback, out_type, x, y, vectorized=True)


def centred(x, y):
    total = fun(x, y)
    return total - jnp.mean(total, axis=-1, keepdims=True)


if __name__ == "__main__":
    x = jnp.arange(6.0).reshape(2, 3)
    y = jnp.array([10.0, 20.0, 30.0])
    print(jax.jit(centred)(x, y))
    print("host saw", SEEN)
