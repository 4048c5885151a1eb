"""spectral_tracks -- short-time spectral analysis and partial tracking.

Small utilities for analysing monophonic recordings: framing, windows,
an STFT, a low-pass designer that defers to SciPy, and a peak picker that
runs on the host (peak picking is branchy and easier to get right in NumPy).

All public functions accept and return ``jax.Array``s and are safe under
``jax.jit``.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Optional, Sequence, Tuple

import numpy as np
import scipy.signal as sps
import jax
import jax.numpy as jnp

__all__ = [
    "FrameSpec", "frame_signal", "stft", "istft_overlap_add", "design_lowpass",
    "apply_fir", "spectral_peaks", "spectral_peaks_fast", "track_pitch",
]

_EPS = 1e-12


# ----------------------------------------------------------------------------
# framing
# ----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class FrameSpec:
    """How a signal is cut into frames."""
    length: int = 64
    hop: int = 32
    window: str = "hann"
    sample_rate: float = 8000.0

    def __post_init__(self):
        if self.hop <= 0 or self.length <= 0:
            raise ValueError(f"bad frame spec {self}")
        if self.hop > self.length:
            raise ValueError("hop larger than frame length leaves gaps")

    @property
    def n_bins(self) -> int:
        return self.length // 2 + 1

    @property
    def bin_hz(self) -> float:
        return self.sample_rate / self.length

    def n_frames(self, n_samples: int) -> int:
        return 1 + max(0, (n_samples - self.length) // self.hop)

    def __repr__(self) -> str:
        return (f"FrameSpec(L={self.length}, hop={self.hop}, win={self.window!r}, "
                f"fs={self.sample_rate:g})")


def _check_1d(x: jax.Array, name: str = "x") -> None:
    if x.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got shape {x.shape}")


def frame_signal(x: jax.Array, spec: FrameSpec) -> jax.Array:
    """Return an array of shape (n_frames, length)."""
    _check_1d(x)
    n = spec.n_frames(x.shape[0])
    starts = jnp.arange(n) * spec.hop
    idx = starts[:, None] + jnp.arange(spec.length)[None, :]
    return x[idx]


def _window(spec: FrameSpec) -> jax.Array:
    w = sps.get_window(spec.window, spec.length, fftbins=True)
    return jnp.asarray(w, dtype=jnp.float32)


def stft(x: jax.Array, spec: FrameSpec) -> jax.Array:
    frames = frame_signal(x, spec) * _window(spec)
    return jnp.fft.rfft(frames, axis=-1)


def istft_overlap_add(S: jax.Array, spec: FrameSpec, n_samples: int) -> jax.Array:
    frames = jnp.fft.irfft(S, n=spec.length, axis=-1) * _window(spec)
    out = jnp.zeros(n_samples)
    norm = jnp.zeros(n_samples)
    w2 = _window(spec) ** 2
    for i in range(frames.shape[0]):
        sl = slice(i * spec.hop, i * spec.hop + spec.length)
        out = out.at[sl].add(frames[i])
        norm = norm.at[sl].add(w2)
    return out / jnp.maximum(norm, _EPS)


# ----------------------------------------------------------------------------
# filters
# ----------------------------------------------------------------------------

def _host_firwin(cutoff, *, numtaps, fs):
    c = float(np.asarray(cutoff))
    taps = sps.firwin(numtaps, c, fs=fs)
    return taps.astype(np.float32)


def design_lowpass(cutoff_hz: jax.Array, numtaps: int = 31, fs: float = 8000.0) -> jax.Array:
    spec = jax.ShapeDtypeStruct((numtaps,), jnp.float32)
    return jax.pure_callback(
        lambda c: _host_firwin(c, numtaps=numtaps, fs=fs), spec, cutoff_hz,
        vmap_method="sequential")


def apply_fir(x: jax.Array, taps: jax.Array) -> jax.Array:
    return jnp.convolve(x, taps, mode="same")


def group_delay_samples(numtaps: int) -> float:
    return (numtaps - 1) / 2.0


# ----------------------------------------------------------------------------
# peak picking (host side)
# ----------------------------------------------------------------------------

def _parabolic(mag: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """Quadratic interpolation of peak positions (in bins)."""
    idx = np.clip(idx, 1, mag.shape[-1] - 2)
    a = np.take_along_axis(mag, idx - 1, -1)
    b = np.take_along_axis(mag, idx, -1)
    c = np.take_along_axis(mag, idx + 1, -1)
    denom = a - 2 * b + c
    offset = np.where(np.abs(denom) > _EPS, 0.5 * (a - c) / np.where(denom == 0, 1, denom), 0.0)
    return idx + offset


def _top_bins_np(mag: np.ndarray, k: int) -> np.ndarray:
    idx = np.argpartition(-mag, k, axis=-1)[..., :k]
    order = np.argsort(-np.take_along_axis(mag, idx, -1), axis=-1)
    return np.take_along_axis(idx, order, -1)


def _top_bins_xla(mag: np.ndarray, k: int) -> np.ndarray:
    _, idx = jax.lax.top_k(mag, k)
    return np.asarray(idx)


def _host_pick_peaks(mag, *, k):
    mag = np.asarray(mag, dtype=np.float64)
    idx = _top_bins_np(mag, k)
    return _parabolic(mag, idx).astype(np.float32)


def _host_pick_peaks_fast(mag, *, k):
    mag = np.asarray(mag, dtype=np.float64)
    idx = _top_bins_xla(mag, k)
    return _parabolic(mag, idx).astype(np.float32)


def spectral_peaks(mag: jax.Array, k: int = 3) -> jax.Array:
    spec = jax.ShapeDtypeStruct(mag.shape[:-1] + (k,), jnp.float32)
    return jax.pure_callback(lambda m: _host_pick_peaks(m, k=k), spec, mag,
                             vmap_method="expand_dims")


def spectral_peaks_fast(mag: jax.Array, k: int = 3) -> jax.Array:
    spec = jax.ShapeDtypeStruct(mag.shape[:-1] + (k,), jnp.float32)
    return jax.pure_callback(lambda m: _host_pick_peaks_fast(m, k=k), spec, mag,
                             vmap_method="expand_dims")


# ----------------------------------------------------------------------------
# pitch tracking
# ----------------------------------------------------------------------------

def _median_smooth(track: jax.Array, width: int = 3) -> jax.Array:
    pad = width // 2
    padded = jnp.pad(track, (pad, pad), mode="edge")
    windows = jnp.stack([padded[i:i + track.shape[0]] for i in range(width)])
    return jnp.median(windows, axis=0)


def track_pitch(x: jax.Array, spec: FrameSpec, k: int = 3) -> Tuple[jax.Array, jax.Array]:
    """Fundamental-frequency estimate per frame (lowest of the k strongest bins)."""
    S = stft(x, spec)
    mag = jnp.log(jnp.abs(S) + _EPS)
    bins = jax.vmap(lambda m: spectral_peaks_fast(m, k))(mag)
    f0 = jnp.min(bins, axis=-1) * spec.bin_hz
    return _median_smooth(f0), mag


def synth_tone(freq: float, n: int, fs: float, harmonics: Sequence[float] = (1.0, 0.5, 0.25)):
    t = np.arange(n) / fs
    y = sum(a * np.sin(2 * np.pi * freq * (h + 1) * t) for h, a in enumerate(harmonics))
    return jnp.asarray(y, dtype=jnp.float32)


def snr_db(clean: jax.Array, noisy: jax.Array) -> jax.Array:
    noise = noisy - clean
    return 10.0 * jnp.log10(jnp.sum(clean ** 2) / (jnp.sum(noise ** 2) + _EPS))


def _describe(arr: jax.Array) -> str:
    a = np.asarray(arr)
    return f"shape={a.shape} min={a.min():.3g} max={a.max():.3g}"


if __name__ == "__main__":
    spec = FrameSpec(length=128, hop=64, sample_rate=8000.0)
    print(spec)
    tone = synth_tone(440.0, 2048, spec.sample_rate)
    taps = jax.jit(design_lowpass, static_argnums=(1, 2))(jnp.float32(1500.0), 31, 8000.0)
    filtered = apply_fir(tone, taps)
    print("group delay", group_delay_samples(31), "snr", float(snr_db(tone, filtered)))
    f0, mag = jax.jit(track_pitch, static_argnums=(1, 2))(filtered, spec, 3)
    print("f0 track:", _describe(f0))
    print("median f0 ~", float(jnp.median(f0)), "Hz")
