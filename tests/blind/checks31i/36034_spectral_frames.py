"""spectral.py -- short-time spectral analysis utilities.

Small, dependency-light helpers for framing, windowing and summarising 1-D signals,
with optional host-side tracing of intermediate statistics (for the dashboards).
"""
from __future__ import annotations

import dataclasses
import math
from collections import deque
from typing import Callable, Optional, Sequence

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

__all__ = [
    "next_pow2", "frame_signal", "get_window", "Spectrogram", "stft", "istft_overlap_add",
    "mel_filterbank", "streaming_preemphasis", "frame_features", "batch_features",
]

# ---------------------------------------------------------------------------
# small utilities
# ---------------------------------------------------------------------------

def next_pow2(n: int) -> int:
    """Smallest power of two >= n."""
    if n < 1:
        raise ValueError(f"n must be positive, got {n}")
    return 1 << (n - 1).bit_length()


def num_frames(length: int, frame: int, hop: int) -> int:
    if length < frame:
        return 1
    return 1 + (length - frame) // hop


def _check_signal(x) -> None:
    if jnp.ndim(x) != 1:
        raise ValueError(f"expected a 1-D signal, got shape {jnp.shape(x)}")
    if x.shape[0] == 0:
        raise ValueError("empty signal")


def frame_signal(x: jnp.ndarray, frame: int, hop: int) -> jnp.ndarray:
    """Split `x` into overlapping frames of length `frame` (zero padded at the end)."""
    _check_signal(x)
    n = num_frames(x.shape[0], frame, hop)
    pad = max(0, (n - 1) * hop + frame - x.shape[0])
    x = jnp.pad(x, (0, pad))
    idx = jnp.arange(frame)[None, :] + hop * jnp.arange(n)[:, None]
    return x[idx]


_WINDOWS: dict[str, Callable[[int], np.ndarray]] = {
    "hann": np.hanning,
    "hamming": np.hamming,
    "blackman": np.blackman,
    "rect": np.ones,
}


def get_window(name: str, n: int) -> jnp.ndarray:
    try:
        return jnp.asarray(_WINDOWS[name](n), dtype=jnp.float32)
    except KeyError:
        raise ValueError(f"unknown window {name!r}; choose from {sorted(_WINDOWS)}") from None


@dataclasses.dataclass(frozen=True)
class Spectrogram:
    magnitude: jnp.ndarray
    hop: int
    sample_rate: float

    @property
    def n_frames(self) -> int:
        return int(self.magnitude.shape[0])

    @property
    def n_bins(self) -> int:
        return int(self.magnitude.shape[1])

    def times(self) -> np.ndarray:
        return np.arange(self.n_frames) * self.hop / self.sample_rate

    def __repr__(self) -> str:
        return (f"Spectrogram(frames={self.n_frames}, bins={self.n_bins}, "
                f"hop={self.hop}, sr={self.sample_rate:g})")


# ---------------------------------------------------------------------------
# host-side tracing
# ---------------------------------------------------------------------------

class _TraceBuffer:
    """Bounded buffer of (tag, value) pairs written from device code, in program order."""

    def __init__(self, maxlen: int = 256):
        self._items = deque(maxlen=maxlen)

    def __call__(self, tag, value):
        self._items.append((int(np.asarray(tag)), np.asarray(value).astype(np.float32)))
        return np.int32(len(self._items))

    def tags(self) -> list[int]:
        return [t for t, _ in self._items]

    def clear(self) -> None:
        self._items.clear()


TRACE = _TraceBuffer()

TAG_ENERGY, TAG_PREEMPH, TAG_FRAME = 1, 2, 3


def _trace(tag: int, value: jnp.ndarray) -> jnp.ndarray:
    return io_callback(TRACE, jax.ShapeDtypeStruct((), jnp.int32), jnp.int32(tag), value,
                       ordered=True)


# ---------------------------------------------------------------------------
# transforms
# ---------------------------------------------------------------------------

@jax.jit
def _power(frames: jnp.ndarray) -> jnp.ndarray:
    spec = jnp.fft.rfft(frames, axis=-1)
    power = jnp.abs(spec) ** 2
    _trace(TAG_ENERGY, jnp.sum(power))
    return power


def stft(x: jnp.ndarray, frame: int = 16, hop: int = 8, window: str = "hann",
         sample_rate: float = 16_000.0) -> Spectrogram:
    frames = frame_signal(x, frame, hop) * get_window(window, frame)
    return Spectrogram(jnp.sqrt(_power(frames)), hop, sample_rate)


def istft_overlap_add(frames: jnp.ndarray, hop: int) -> jnp.ndarray:
    n, frame = frames.shape
    out = jnp.zeros((n - 1) * hop + frame)
    for i in range(n):
        out = out.at[i * hop:i * hop + frame].add(frames[i])
    return out


def mel_filterbank(n_bins: int, n_mels: int, sample_rate: float) -> jnp.ndarray:
    def hz_to_mel(f):
        return 2595.0 * np.log10(1.0 + f / 700.0)

    def mel_to_hz(m):
        return 700.0 * (10 ** (m / 2595.0) - 1.0)

    mels = np.linspace(hz_to_mel(0.0), hz_to_mel(sample_rate / 2), n_mels + 2)
    bins = np.floor((n_bins - 1) * mel_to_hz(mels) / (sample_rate / 2)).astype(int)
    fb = np.zeros((n_mels, n_bins), np.float32)
    for m in range(1, n_mels + 1):
        lo, c, hi = bins[m - 1], bins[m], bins[m + 1]
        for k in range(lo, c):
            fb[m - 1, k] = (k - lo) / max(c - lo, 1)
        for k in range(c, hi):
            fb[m - 1, k] = (hi - k) / max(hi - c, 1)
    return jnp.asarray(fb)


def streaming_preemphasis(x: jnp.ndarray, coef: float = 0.97) -> jnp.ndarray:
    """y[n] = x[n] - coef * x[n-1], as a scan (what the streaming runtime does)."""
    def step(prev, xn):
        y = xn - coef * prev
        _trace(TAG_PREEMPH, y)
        return xn, y

    _, y = jax.lax.scan(step, jnp.zeros((), x.dtype), x)
    return y


def frame_features(frame: jnp.ndarray, window: Optional[jnp.ndarray] = None) -> jnp.ndarray:
    """[log-energy, spectral centroid, zero-crossing rate] of one frame."""
    if window is not None:
        frame = frame * window
    power = jnp.abs(jnp.fft.rfft(frame)) ** 2
    bins = jnp.arange(power.shape[0])
    log_e = jnp.log(jnp.sum(power) + 1e-8)
    _trace(TAG_FRAME, log_e)
    centroid = jnp.sum(bins * power) / (jnp.sum(power) + 1e-8)
    zcr = jnp.mean(jnp.abs(jnp.diff(jnp.sign(frame)))) / 2
    return jnp.stack([log_e, centroid, zcr])


def batch_features(x: jnp.ndarray, frame: int = 16, hop: int = 8) -> jnp.ndarray:
    frames = frame_signal(x, frame, hop)
    win = get_window("hamming", frame)
    return jax.vmap(frame_features, in_axes=(0, None))(frames, win)


def describe(spec: Spectrogram, fmt: Callable[[float], str] = "{:.3f}".format) -> str:
    col = np.asarray(spec.magnitude).mean(axis=0)
    return ", ".join(fmt(v) for v in col[:4]) + (" ..." if col.size > 4 else "")


def chirp(n: int = 128, f0: float = 0.01, f1: float = 0.2) -> jnp.ndarray:
    t = np.arange(n)
    phase = 2 * math.pi * (f0 * t + 0.5 * (f1 - f0) * t ** 2 / n)
    return jnp.asarray(np.sin(phase).astype(np.float32))


def _demo(argv: Sequence[str] = ()) -> None:
    sig = chirp()
    spec = stft(sig)
    print(spec, describe(spec))
    y = streaming_preemphasis(sig[:32])
    print("pre-emphasis tail:", np.asarray(y[-3:]))
    feats = batch_features(sig)
    print("features:", feats.shape)
    print("trace tags:", sorted(set(TRACE.tags())))


if __name__ == "__main__":
    _demo()
