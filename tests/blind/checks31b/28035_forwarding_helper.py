import jax
import jax.numpy as jnp
import numpy as np


def on_host(fn, like, *operands, **callback_kwargs):
    """Run ``fn`` on the host, returning an array shaped like ``like``."""
    shapes = jax.tree_util.tree_map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), like)
    return jax.pure_callback(fn, shapes, *operands, **callback_kwargs)


def _cumtrapz(y, dx):
    y = np.asarray(y)
    dx = float(np.asarray(dx))
    out = np.concatenate([[0.0], np.cumsum(0.5 * (y[1:] + y[:-1]) * dx)])
    return out.astype(y.dtype)


def integrate(y, dx):
    return on_host(_cumtrapz, y, y, dx, vectorized=False)


ts = jnp.linspace(0.0, 1.0, 6)
print(jax.jit(integrate)(jnp.sin(ts), ts[1] - ts[0]))
