"""Glacier mass-balance model ported from an older codebase with a compatibility shim."""
import numpy as np
import jax
import jax.numpy as jnp

_upstream_pure_callback = jax.pure_callback


def _compat_pure_callback(callback, result_shape_dtypes, *args, **kwargs):
    # older call sites passed vectorized=...; translate it to vmap_method
    legacy = kwargs.pop("vectorized", None)
    if legacy is not None and "vmap_method" not in kwargs:
        kwargs["vmap_method"] = "legacy_vectorized" if legacy else "sequential"
    return _upstream_pure_callback(callback, result_shape_dtypes, *args, **kwargs)


def install_compat():
    jax.pure_callback = _compat_pure_callback


def uninstall_compat():
    jax.pure_callback = _upstream_pure_callback


def _degree_days(temps, threshold):
    temps = np.asarray(temps, dtype=np.float64)
    thr = float(np.asarray(threshold))
    return np.float32(np.clip(temps - thr, 0.0, None).sum())


def melt(temps, ddf=4.5e-3, threshold=0.0):
    pdd = jax.pure_callback(_degree_days, jax.ShapeDtypeStruct((), jnp.float32),
                            temps, jnp.float32(threshold), vectorized=False)
    return ddf * pdd


def accumulation(precip, temps, snow_below=1.0):
    return jnp.sum(jnp.where(temps < snow_below, precip, 0.0)) * 1e-3


@jax.jit
def annual_balance(temps, precip):
    return accumulation(precip, temps) - melt(temps)


def seasonal_temps(mean, amp, n=12):
    m = jnp.arange(n)
    return mean + amp * jnp.sin(2 * jnp.pi * (m - 3) / n)


def ela_estimate(lapse=-6.5e-3, t_sea=8.0):
    """Equilibrium-line altitude where mean temperature crosses 0 C."""
    return -t_sea / lapse


if __name__ == "__main__":
    install_compat()
    precip = jnp.full(12, 120.0)
    uninstall_compat()
    for mean in (-6.0, -3.0, 0.0):
        b = annual_balance(seasonal_temps(mean, 8.0), precip)
        print(f"mean T {mean:+.1f} C: balance {float(b):+.3f} m w.e.")
