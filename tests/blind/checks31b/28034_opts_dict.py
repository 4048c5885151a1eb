import jax
import jax.numpy as jnp
import numpy as np

CALLBACK_OPTS = {"vectorized": True}


def host_interp(xq, xp, fp):
    xq, xp, fp = np.asarray(xq), np.asarray(xp), np.asarray(fp)
    return np.interp(xq, xp, fp).astype(np.float32)


def interp(xq, xp, fp, **opts):
    shape = jax.ShapeDtypeStruct(xq.shape, jnp.float32)
    return jax.pure_callback(host_interp, shape, xq, xp, fp, **opts)


table_x = jnp.linspace(0.0, 1.0, 5)
table_y = table_x ** 2
f = jax.jit(lambda q: interp(q, table_x, table_y, **CALLBACK_OPTS))
print(f(jnp.array([0.1, 0.55, 0.9])))
