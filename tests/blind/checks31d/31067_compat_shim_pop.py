"""A compatibility shim translating the old `vectorized=` flag into `vmap_method`."""
import jax
import jax.numpy as jnp
import numpy as np


def pure_callback_compat(fn, result_shape, *args, **kwargs):
    legacy = kwargs.pop("vectorized", None)
    if legacy is not None:
        kwargs.setdefault("vmap_method", "legacy_vectorized" if legacy else "sequential")
    return jax.pure_callback(fn, result_shape, *args, **kwargs)


def host_kepler(mean_anom, ecc):
    m, e = np.asarray(mean_anom), np.asarray(ecc)
    E = m.copy()
    for _ in range(30):
        E = E - (E - e * np.sin(E) - m) / (1 - e * np.cos(E))
    return E.astype(m.dtype)


def eccentric_anomaly(m, e):
    return pure_callback_compat(host_kepler, jax.ShapeDtypeStruct(m.shape, m.dtype), m, e,
                                vectorized=True)


@jax.jit
def true_anomaly(m, e):
    E = jax.vmap(eccentric_anomaly, in_axes=(0, None))(m, e)
    return 2 * jnp.arctan2(jnp.sqrt(1 + e) * jnp.sin(E / 2), jnp.sqrt(1 - e) * jnp.cos(E / 2))


if __name__ == "__main__":
    print(true_anomaly(jnp.array([0.1, 1.0, 2.5]), 0.3))
