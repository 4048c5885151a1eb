"""a port of an older codebase defines a compatibility shim for `jax.pure_callback` but calls
JAX's own: the call written with `vectorized=False` hands the keyword to the host, which
does not take it"""
import jax
import jax.numpy as jnp
import numpy as np

_upstream_pure_callback = jax.pure_callback


def _compat_pure_callback(callback, result_shape_dtypes, *args, **kwargs):
    legacy = kwargs.pop("vectorized", None)
    if legacy is not None and "vmap_method" not in kwargs:
        kwargs["vmap_method"] = "legacy_vectorized" if legacy else "sequential"
    return _upstream_pure_callback(callback, result_shape_dtypes, *args, **kwargs)


def _degree_days(temps, threshold):
    temps = np.asarray(temps, dtype=np.float64)
    return np.float32(np.clip(temps - float(np.asarray(threshold)), 0.0, None).sum())


@jax.jit
def melt(temps):
    pdd = jax.pure_callback(_degree_days, jax.ShapeDtypeStruct((), jnp.float32),  # EXPECT: JAX012
                            temps, jnp.float32(0.0), vectorized=False)
    return 4.5e-3 * pdd


if __name__ == "__main__":
    print(float(melt(jnp.linspace(-5.0, 5.0, 12))))
