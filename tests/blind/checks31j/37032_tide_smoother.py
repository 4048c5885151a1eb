"""Tide-gauge smoothing with an attrs config whose converter resolves the smoothing kernel."""
import math
from typing import Callable

import attrs
import jax
import jax.numpy as jnp
import numpy as np
from jaxtyping import Array, Float


def _box(series: np.ndarray, width: int) -> np.ndarray:
    k = np.ones(width, dtype=np.float32) / width
    return np.convolve(series, k, mode="same")


def _gauss(series: np.ndarray, width: int) -> np.ndarray:
    t = np.arange(width, dtype=np.float32) - (width - 1) / 2
    k = np.exp(-0.5 * (t / (width / 4)) ** 2)
    k = k / k.sum()
    return np.asarray(jnp.convolve(series, k, mode="same"))


_KERNELS = {"box": _box, "gauss": _gauss}


def _resolve_kernel(value) -> Callable[[np.ndarray, int], np.ndarray]:
    if callable(value):
        return value
    return _KERNELS[str(value).strip().lower()]


def _odd(value) -> int:
    n = int(value)
    return n if n % 2 else n + 1


@attrs.frozen
class SmootherSpec:
    width: int = attrs.field(default=4, converter=_odd)
    kernel: Callable[[np.ndarray, int], np.ndarray] = attrs.field(
        default="Box", converter=_resolve_kernel)
    datum_m: float = attrs.field(default=0.0, converter=float)


def host_smooth(spec: SmootherSpec):
    def run(levels):
        levels = np.asarray(levels).astype(np.float32) - np.float32(spec.datum_m)
        return spec.kernel(levels, spec.width).astype(np.float32)
    return run


def detided(levels: Float[Array, "t"], spec: SmootherSpec) -> Float[Array, "t"]:
    smooth = jax.pure_callback(host_smooth(spec),
                               jax.ShapeDtypeStruct(levels.shape, jnp.float32), levels)
    return levels - smooth


if __name__ == "__main__":
    spec = attrs.evolve(SmootherSpec(), datum_m=0.25)
    hours = jnp.arange(24, dtype=jnp.float32)
    levels = 1.5 * jnp.sin(2 * math.pi * hours / 12.42) + 0.02 * hours
    resid = jax.jit(detided, static_argnums=1)(levels, spec)
    print(spec.width, spec.kernel.__name__, float(jnp.abs(resid).max()))
