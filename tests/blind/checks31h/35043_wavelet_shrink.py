"""wavelet_shrink -- multilevel Haar wavelet transforms and shrinkage denoising.

The forward/inverse transforms are traced JAX (lifting scheme).  Threshold
selection (SURE, universal) sorts and scans coefficients and runs on the host
through ``jax.pure_callback``; callback options come from a small options
namespace so command-line tools can override them.
"""
from __future__ import annotations

import math
import types
from typing import Dict, List, Sequence, Tuple

import numpy as np
import jax
import jax.numpy as jnp

Array = jax.Array
_PURE_CALLBACK_KWARGS = ("vmap_method", "sharding")

DEFAULT_CALLBACK = types.SimpleNamespace(vmap_method="sequential", vectorized=True, verbose=False)


def callback_kwargs(ns: types.SimpleNamespace) -> Dict[str, object]:
    return {k: v for k, v in vars(ns).items() if k in _PURE_CALLBACK_KWARGS}


# ---------------------------------------------------------------------------
# shape utilities
# ---------------------------------------------------------------------------

def max_level(n: int) -> int:
    lvl = 0
    while n % 2 == 0 and n > 1:
        n //= 2
        lvl += 1
    return lvl


def check_length(x: Array, levels: int) -> None:
    if x.shape[-1] % (2 ** levels):
        raise ValueError(f"length {x.shape[-1]} not divisible by 2**{levels}")


def pad_to_pow2(x: np.ndarray) -> Tuple[np.ndarray, int]:
    n = x.shape[-1]
    m = 1 << (n - 1).bit_length()
    return np.pad(x, (0, m - n), mode="reflect"), n


# ---------------------------------------------------------------------------
# traced transforms
# ---------------------------------------------------------------------------

_S = 1.0 / math.sqrt(2.0)


def haar_step(x: Array) -> Tuple[Array, Array]:
    even, odd = x[..., ::2], x[..., 1::2]
    return (even + odd) * _S, (even - odd) * _S


def inverse_haar_step(a: Array, d: Array) -> Array:
    even, odd = (a + d) * _S, (a - d) * _S
    return jnp.stack([even, odd], axis=-1).reshape(a.shape[:-1] + (2 * a.shape[-1],))


def wavedec(x: Array, levels: int) -> List[Array]:
    check_length(x, levels)
    details = []
    a = x
    for _ in range(levels):
        a, d = haar_step(a)
        details.append(d)
    return [a] + details[::-1]


def waverec(coeffs: Sequence[Array]) -> Array:
    a = coeffs[0]
    for d in coeffs[1:]:
        a = inverse_haar_step(a, d)
    return a


def energy_by_level(coeffs: Sequence[Array]) -> Array:
    return jnp.stack([jnp.sum(c ** 2) for c in coeffs])


# ---------------------------------------------------------------------------
# host threshold selection
# ---------------------------------------------------------------------------

def _mad_sigma(d: np.ndarray) -> float:
    return float(np.median(np.abs(d)) / 0.6745)


def _host_universal(finest):
    d = np.asarray(finest, dtype=np.float64)
    return np.float32(_mad_sigma(d) * math.sqrt(2.0 * math.log(max(d.size, 2))))


def _host_sure(coeffs, sigma):
    c = np.sort(np.abs(np.asarray(coeffs, dtype=np.float64)) / max(float(np.asarray(sigma)), 1e-12))
    n = c.size
    risks = n - 2 * np.arange(1, n + 1) + np.cumsum(c ** 2) + c ** 2 * np.arange(n - 1, -1, -1)
    return np.float32(c[np.argmin(risks)] * float(np.asarray(sigma)))


def universal_threshold(finest: Array, ns: types.SimpleNamespace = DEFAULT_CALLBACK) -> Array:
    return jax.pure_callback(_host_universal, jax.ShapeDtypeStruct((), jnp.float32), finest,
                             vmap_method="sequential")


def sure_threshold(d: Array, sigma: Array, ns: types.SimpleNamespace = DEFAULT_CALLBACK) -> Array:
    return jax.pure_callback(_host_sure, jax.ShapeDtypeStruct((), jnp.float32), d, sigma,
                             **callback_kwargs(ns))


def soft(x: Array, t: Array) -> Array:
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - t, 0.0)


def hard(x: Array, t: Array) -> Array:
    return jnp.where(jnp.abs(x) > t, x, 0.0)


# ---------------------------------------------------------------------------
# denoising
# ---------------------------------------------------------------------------

def denoise(x: Array, levels: int = 3, rule: str = "universal",
            ns: types.SimpleNamespace = DEFAULT_CALLBACK) -> Array:
    coeffs = wavedec(x, levels)
    t_univ = universal_threshold(coeffs[-1], ns)
    out = [coeffs[0]]
    for d in coeffs[1:]:
        if rule == "sure":
            sigma = t_univ / math.sqrt(2.0 * math.log(x.shape[-1]))
            t = sure_threshold(d, sigma, ns)
        else:
            t = t_univ
        out.append(soft(d, t))
    return waverec(out)


def snr(clean: Array, est: Array) -> Array:
    return 10 * jnp.log10(jnp.sum(clean ** 2) / jnp.sum((clean - est) ** 2))


def blocks_signal(n: int = 256) -> np.ndarray:
    t = np.linspace(0, 1, n, endpoint=False)
    pos = [0.1, 0.13, 0.15, 0.23, 0.25, 0.40, 0.44, 0.65, 0.76, 0.78, 0.81]
    hgt = [4, -5, 3, -4, 5, -4.2, 2.1, 4.3, -3.1, 2.1, -4.2]
    return sum(h * (1 + np.sign(t - p)) / 2 for p, h in zip(pos, hgt))


def describe(coeffs: Sequence[Array]) -> str:
    return " | ".join(f"L{i}:{c.shape[-1]}" for i, c in enumerate(coeffs))


# ---------------------------------------------------------------------------
# reference filter banks and command-line overrides
# ---------------------------------------------------------------------------

DB4_LOW = np.array([0.4829629131445341, 0.8365163037378079,
                    0.2241438680420134, -0.1294095225512604])


def qmf(h: np.ndarray) -> np.ndarray:
    """Quadrature mirror of a low-pass filter."""
    g = h[::-1].copy()
    g[1::2] *= -1
    return g


def periodic_convolve_downsample(x: np.ndarray, h: np.ndarray) -> np.ndarray:
    n = x.shape[-1]
    idx = (np.arange(0, n, 2)[:, None] + np.arange(len(h))[None, :]) % n
    return (x[..., idx] * h).sum(-1)


def db4_step(x: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    return periodic_convolve_downsample(x, DB4_LOW), periodic_convolve_downsample(x, qmf(DB4_LOW))


def parse_overrides(argv: Sequence[str], base: types.SimpleNamespace = DEFAULT_CALLBACK):
    ns = types.SimpleNamespace(**vars(base))
    for item in argv:
        key, _, value = item.partition("=")
        if not hasattr(ns, key):
            raise KeyError(f"unknown option {key!r}")
        cur = getattr(ns, key)
        setattr(ns, key, type(cur)(value) if not isinstance(cur, bool) else value == "1")
    return ns


if __name__ == "__main__":
    clean = jnp.asarray(blocks_signal(), jnp.float32)
    noisy = clean + 0.5 * jax.random.normal(jax.random.PRNGKey(0), clean.shape)
    print("max level", max_level(clean.shape[-1]), describe(wavedec(clean, 3)))
    a4, d4 = db4_step(np.asarray(clean))
    print("db4 energy", float((a4 ** 2).sum() + (d4 ** 2).sum()), float((np.asarray(clean) ** 2).sum()))
    print(parse_overrides(["verbose=1"]))
    for rule in ("universal", "sure"):
        est = jax.jit(lambda y: denoise(y, 4, rule))(noisy)
        print(f"{rule:>9s}: snr in {float(snr(clean, noisy)):.2f} dB -> out {float(snr(clean, est)):.2f} dB")
    batch = jnp.stack([noisy, noisy[::-1]])
    print(jax.vmap(lambda y: denoise(y, 3))(batch).shape)
