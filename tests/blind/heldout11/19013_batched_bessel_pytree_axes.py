# Models: per-station radial profile using scipy.special Bessel functions via pure_callback, vmapped with pytree in_axes
import numpy as np
import scipy.special as sp
import jax
import jax.numpy as jnp


def _host_j0(r, k):
    return sp.j0(np.asarray(k) * np.asarray(r)).astype(np.float32)


def bessel_profile(r, k):
    out = jax.ShapeDtypeStruct(r.shape, jnp.float32)
    return jax.pure_callback(_host_j0, out, r, k)


def station_response(cfg, radii):
    amp = cfg["amp"]
    k = cfg["wavenumber"]
    return amp * bessel_profile(radii, k)


def survey(cfgs, radii):
    # each station has its own config; the radii grid is shared
    batched = jax.vmap(station_response, in_axes=({"amp": 0, "wavenumber": 0}, None))
    return batched(cfgs, radii)


def station_configs(n):
    return {"amp": jnp.linspace(0.5, 2.0, n, dtype=jnp.float32),
            "wavenumber": jnp.linspace(0.3, 0.9, n, dtype=jnp.float32)}


def single_station(radii):
    cfg = {"amp": jnp.float32(1.0), "wavenumber": jnp.float32(0.5)}
    return station_response(cfg, radii)


if __name__ == "__main__":
    print(single_station(jnp.linspace(0.0, 5.0, 4, dtype=jnp.float32)))
    print(station_configs(3)["amp"])
    cfgs = {"amp": jnp.array([1.0, 0.5, 2.0], jnp.float32),
            "wavenumber": jnp.array([0.3, 0.6, 0.9], jnp.float32)}
    radii = jnp.linspace(0.0, 5.0, 4, dtype=jnp.float32)
    table = survey(cfgs, radii)
    print(table.shape)
    print(np.round(np.asarray(table), 3))
