"""Grey-atmosphere temperature profile with a tabulated Rosseland opacity.

The opacity table is interpolated with SciPy's RegularGridInterpolator.
A linearised model around the reference atmosphere is used for a quick
perturbation study.
"""
from dataclasses import dataclass, field

import numpy as np
from scipy.interpolate import RegularGridInterpolator
import jax
import jax.numpy as jnp


@dataclass(eq=False)
class OpacityTable:
    log_t: np.ndarray = field(default_factory=lambda: np.linspace(3.5, 4.5, 11))
    log_rho: np.ndarray = field(default_factory=lambda: np.linspace(-10, -6, 9))

    def __post_init__(self):
        T, R = np.meshgrid(self.log_t, self.log_rho, indexing="ij")
        values = -2.0 + 0.8 * (T - 4.0) + 0.5 * (R + 8.0) - 0.3 * (T - 4.0) ** 2
        self._interp = RegularGridInterpolator((self.log_t, self.log_rho), values,
                                               bounds_error=False, fill_value=None)

    def __call__(self, log_t, log_rho):
        pts = np.stack([np.asarray(log_t), np.asarray(log_rho)], -1)
        return self._interp(pts).astype(np.float32)


TABLE = OpacityTable()


def log_kappa(log_t, log_rho):
    spec = jax.ShapeDtypeStruct(log_t.shape, jnp.float32)
    return jax.pure_callback(TABLE, spec, log_t, log_rho, vmap_method="broadcast_all")


def temperature(tau, t_eff):
    return t_eff * (0.75 * (tau + 2.0 / 3.0)) ** 0.25


def atmosphere(params):
    t_eff, log_rho0 = params[0], params[1]
    tau = jnp.logspace(-3, 1, 12)
    T = temperature(tau, t_eff)
    log_rho = log_rho0 + 0.5 * jnp.log10(1.0 + tau)
    kappa = 10.0 ** log_kappa(jnp.log10(T), log_rho)
    return T, kappa


def flux_proxy(params):
    T, kappa = atmosphere(params)
    return jnp.sum(T ** 4 / kappa) * 1e-12


class PerturbationStudy:
    def __init__(self, reference):
        self.reference = reference
        self.value, self._lin = jax.linearize(flux_proxy, reference)

    def predict(self, delta):
        return self.value + self._lin(delta)

    def exact(self, delta):
        return flux_proxy(self.reference + delta)


def build_arg_parser():
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--out", type=str, default="")
    return parser


def describe_array(name, arr):
    arr = np.asarray(arr)
    return (f"{name}: shape={arr.shape} dtype={arr.dtype} "
            f"min={arr.min():.4g} max={arr.max():.4g} mean={arr.mean():.4g}")


if __name__ == "__main__":
    ref = jnp.array([5800.0, -8.0])
    T, kappa = atmosphere(ref)
    print("T range", float(T.min()), float(T.max()))
    print("kappa range", float(kappa.min()), float(kappa.max()))
    study = PerturbationStudy(ref)
    for d in ([50.0, 0.0], [0.0, 0.1]):
        d = jnp.array(d)
        print(d, float(study.predict(d)), float(study.exact(d)))
