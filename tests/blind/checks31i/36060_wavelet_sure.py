"""wavelets.py -- orthogonal Haar / Daubechies-2 transforms and threshold denoising.

The soft-threshold operator has a custom JVP so that the threshold itself can be tuned by
minimising Stein's unbiased risk estimate (SURE) with gradients.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import List, Sequence, Tuple

import numpy as np
import jax
import jax.numpy as jnp

SQRT2 = math.sqrt(2.0)

# ---------------------------------------------------------------------------
# filter banks
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class FilterBank:
    name: str
    lo: Tuple[float, ...]

    @property
    def hi(self) -> Tuple[float, ...]:
        n = len(self.lo)
        return tuple(((-1) ** k) * self.lo[n - 1 - k] for k in range(n))

    def check_orthogonal(self, tol: float = 1e-6) -> bool:
        lo = np.asarray(self.lo)
        return abs(float(lo @ lo) - 1.0) < tol

    def __repr__(self) -> str:
        return f"FilterBank({self.name}, taps={len(self.lo)})"


HAAR = FilterBank("haar", (1 / SQRT2, 1 / SQRT2))
_s3 = math.sqrt(3.0)
DB2 = FilterBank("db2", tuple(c / (4 * SQRT2) for c in (1 + _s3, 3 + _s3, 3 - _s3, 1 - _s3)))


def _periodic_conv_down(x: jnp.ndarray, taps: Sequence[float]) -> jnp.ndarray:
    out = sum(t * jnp.roll(x, -k) for k, t in enumerate(taps))
    return out[::2]


def _periodic_up_conv(c: jnp.ndarray, taps: Sequence[float]) -> jnp.ndarray:
    up = jnp.zeros(2 * c.shape[0]).at[::2].set(c)
    return sum(t * jnp.roll(up, k) for k, t in enumerate(taps))


def dwt(x: jnp.ndarray, bank: FilterBank = HAAR) -> Tuple[jnp.ndarray, jnp.ndarray]:
    if x.shape[0] % 2:
        raise ValueError("signal length must be even")
    return _periodic_conv_down(x, bank.lo), _periodic_conv_down(x, bank.hi)


def idwt(approx: jnp.ndarray, detail: jnp.ndarray, bank: FilterBank = HAAR) -> jnp.ndarray:
    return _periodic_up_conv(approx, bank.lo) + _periodic_up_conv(detail, bank.hi)


def wavedec(x: jnp.ndarray, levels: int, bank: FilterBank = HAAR) -> List[jnp.ndarray]:
    coeffs = []
    a = x
    for _ in range(levels):
        a, d = dwt(a, bank)
        coeffs.append(d)
    coeffs.append(a)
    return coeffs[::-1]


def waverec(coeffs: List[jnp.ndarray], bank: FilterBank = HAAR) -> jnp.ndarray:
    a = coeffs[0]
    for d in coeffs[1:]:
        a = idwt(a, d, bank)
    return a


def max_level(n: int) -> int:
    lvl = 0
    while n % 2 == 0 and n > 1:
        n //= 2
        lvl += 1
    return lvl


# ---------------------------------------------------------------------------
# thresholding
# ---------------------------------------------------------------------------

def hard_threshold(x, lam):
    return jnp.where(jnp.abs(x) > lam, x, 0.0)


@jax.custom_jvp
def soft_threshold(x, lam):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - lam, 0.0)


@soft_threshold.defjvp
def _soft_threshold_jvp(primals, tangents):
    x, lam = primals
    dx, dlam = tangents
    active = jnp.abs(x) > lam
    tangent_out = jnp.where(active, dx - jnp.sign(x) * dlam, 0.0)
    primal_out = jnp.sign(x) * jnp.maximum(jnp.abs(x) - lam, 0.0)
    return primal_out, tangent_out


def universal_threshold(sigma: float, n: int) -> float:
    return sigma * math.sqrt(2.0 * math.log(n))


def mad_sigma(detail: jnp.ndarray) -> jnp.ndarray:
    return jnp.median(jnp.abs(detail - jnp.median(detail))) / 0.6745


def sure(lam, d, sigma):
    """Stein's unbiased risk estimate for soft thresholding of coefficients d."""
    n = d.shape[0]
    shrunk = soft_threshold(d, lam)
    return (n * sigma ** 2 - 2 * sigma ** 2 * jnp.sum(jnp.abs(d) <= lam)
            + jnp.sum(jnp.minimum(jnp.abs(d), lam) ** 2) + 0.0 * jnp.sum(shrunk))


def tune_threshold(d, sigma, lam0, steps=4, lr=0.05):
    g = jax.jit(jax.grad(lambda lam: jnp.sum((soft_threshold(d, lam) - d) ** 2) / d.size
                         + sure(lam, d, sigma) / d.size))
    lam = lam0
    for _ in range(steps):
        lam = lam - lr * g(lam)
    return lam


def denoise(x, levels=2, bank=HAAR, tuned=True):
    coeffs = wavedec(x, levels, bank)
    sigma = mad_sigma(coeffs[-1])
    lam = jnp.float32(universal_threshold(float(sigma), x.shape[0]))
    if tuned:
        lam = tune_threshold(coeffs[-1], sigma, lam)
    out = [coeffs[0]] + [soft_threshold(d, lam) for d in coeffs[1:]]
    return waverec(out, bank), lam


def energy_by_level(coeffs: List[jnp.ndarray]) -> List[float]:
    return [float(jnp.sum(c ** 2)) for c in coeffs]


def pad_to_pow2(x: np.ndarray, mode: str = "reflect") -> np.ndarray:
    n = len(x)
    target = 1 << (n - 1).bit_length()
    return np.pad(x, (0, target - n), mode=mode) if target > n else x


def scalogram(x: jnp.ndarray, levels: int, bank: FilterBank = HAAR) -> np.ndarray:
    """Stack |detail| coefficients, upsampled to the signal length (for plotting)."""
    rows = []
    for d in wavedec(x, levels, bank)[1:]:
        rep = x.shape[0] // d.shape[0]
        rows.append(np.repeat(np.abs(np.asarray(d)), rep))
    return np.stack(rows)


def bayes_shrink_threshold(detail: jnp.ndarray, sigma: float) -> float:
    var_y = float(jnp.mean(detail ** 2))
    sigma_x = math.sqrt(max(var_y - sigma ** 2, 1e-12))
    return sigma ** 2 / sigma_x


def snr_db(clean, noisy) -> float:
    c, n = np.asarray(clean), np.asarray(noisy)
    return float(10 * np.log10(np.sum(c ** 2) / np.sum((c - n) ** 2)))


def test_signal(n=32, seed=0):
    t = np.linspace(0, 1, n, endpoint=False)
    clean = np.where(t < 0.5, 1.0, -0.5) + 0.3 * np.sin(6 * np.pi * t)
    noisy = clean + 0.2 * np.random.default_rng(seed).normal(size=n)
    return jnp.asarray(clean, jnp.float32), jnp.asarray(noisy, jnp.float32)


def main() -> None:
    print(HAAR, DB2, DB2.check_orthogonal())
    clean, noisy = test_signal()
    rec = waverec(wavedec(noisy, 3, DB2), DB2)
    print("perfect reconstruction:", bool(jnp.allclose(rec, noisy, atol=1e-5)), max_level(32))
    den, lam0 = denoise(noisy, tuned=False)
    print(f"universal: lam={float(lam0):.3f} snr={snr_db(clean, den):.2f} dB")
    den, lam = denoise(noisy)
    print(f"SURE-tuned: lam={float(lam):.3f} snr={snr_db(clean, den):.2f} dB")


if __name__ == "__main__":
    main()
