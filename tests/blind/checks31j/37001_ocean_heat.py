"""Ocean heat content: callback keywords are built by reducing a list of option transformers."""
import functools
from typing import Callable, Dict, List

import jax
import jax.numpy as jnp
import numpy as np

Options = Dict[str, object]
Transformer = Callable[[Options], Options]

CP_SEAWATER = 3991.9


def with_result_dtype(opts: Options) -> Options:
    return {**opts, "dtype": jnp.float32}


def with_legacy_batching(opts: Options) -> Options:
    return {**opts, "cb": {**opts.get("cb", {}), "vectorized": True}}


def with_sequential_batching(opts: Options) -> Options:
    return {**opts, "cb": {**opts.get("cb", {}), "vmap_method": "sequential"}}


def with_reference_density(opts: Options) -> Options:
    return {**opts, "rho0": 1025.0}


def build(transformers: List[Transformer]) -> Options:
    return functools.reduce(lambda acc, t: t(acc), transformers, {"cb": {}, "rho0": 1000.0})


def density_host(temp, salt):
    t = np.asarray(temp, dtype=np.float64)
    s = np.asarray(salt, dtype=np.float64)
    rho = 1027.0 * (1.0 - 1.7e-4 * (t - 10.0) + 7.6e-4 * (s - 35.0))
    return rho.astype(np.float32)


def heat_content(opts: Options):
    def ohc(temp, salt, dz):
        rho = jax.pure_callback(density_host, jax.ShapeDtypeStruct(temp.shape, opts["dtype"]),
                                temp, salt, **opts["cb"])
        return jnp.sum(rho * CP_SEAWATER * temp * dz)
    return jax.jit(ohc)


PIPELINES = {
    "argo": [with_result_dtype, with_reference_density, with_legacy_batching],
    "glider": [with_result_dtype, with_sequential_batching],
}

if __name__ == "__main__":
    opts = build(PIPELINES["argo"])
    temp = jnp.array([18.0, 12.0, 6.0, 3.5], jnp.float32)
    salt = jnp.array([35.2, 35.0, 34.8, 34.7], jnp.float32)
    dz = jnp.array([50.0, 100.0, 250.0, 600.0], jnp.float32)
    print(f"{float(heat_content(opts)(temp, salt, dz)):.3e} J/m^2")
