"""a port of an older codebase installs a compatibility shim over `jax.pure_callback` before
anything runs: the shim pops the old `vectorized=` and translates it to `vmap_method`, so the
call written with `vectorized=False` never hands the keyword to the host"""
import jax
import jax.numpy as jnp
import numpy as np

_upstream_pure_callback = jax.pure_callback


def _compat_pure_callback(callback, result_shape_dtypes, *args, **kwargs):
    legacy = kwargs.pop("vectorized", None)
    if legacy is not None and "vmap_method" not in kwargs:
        kwargs["vmap_method"] = "legacy_vectorized" if legacy else "sequential"
    return _upstream_pure_callback(callback, result_shape_dtypes, *args, **kwargs)


def install_compat():
    jax.pure_callback = _compat_pure_callback


def _degree_days(temps, threshold):
    temps = np.asarray(temps, dtype=np.float64)
    return np.float32(np.clip(temps - float(np.asarray(threshold)), 0.0, None).sum())


@jax.jit
def melt(temps):
    pdd = jax.pure_callback(_degree_days, jax.ShapeDtypeStruct((), jnp.float32),
                            temps, jnp.float32(0.0), vectorized=False)
    return 4.5e-3 * pdd


if __name__ == "__main__":
    install_compat()
    print(float(melt(jnp.linspace(-5.0, 5.0, 12))))
