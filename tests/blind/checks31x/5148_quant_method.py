"""Options wrapper that fills in a batching default only when the caller gave none."""
import numpy as np
import jax
import jax.numpy as jnp


def cb(host, spec, *args, **kwargs):
    if "vmap_method" not in kwargs:
        kwargs.setdefault("vectorized", True)
    return jax.pure_callback(host, spec, *args, **kwargs)


def quantize(x, levels):
    arr = np.asarray(x)
    lv = int(np.asarray(levels))
    return (np.round(arr * lv) / lv).astype(arr.dtype)


def fake_quant(x, levels=4, **cb_opts):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return cb(quantize, spec, x, jnp.int32(levels), **cb_opts)


def mlp(params, x, **cb_opts):
    h = jnp.tanh(x @ params[0])
    h = fake_quant(h, 8, **cb_opts)
    return h @ params[1]


if __name__ == "__main__":
    key = jax.random.PRNGKey(1)
    w1 = jax.random.normal(key, (3, 4))
    w2 = jax.random.normal(key, (4, 2))
    out = jax.jit(lambda x: mlp((w1, w2), x, vmap_method="sequential"))(jnp.ones((2, 3)))
    print("out", out)
