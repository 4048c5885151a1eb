"""Small feature vectors are logged element by element, large ones only as a summary."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

MAX_DETAILED = 8
_LOG = {"detail": [], "summary": []}


def _detail(v):
    _LOG["detail"].append(float(np.asarray(v)))


def _summary(mean, spread):
    _LOG["summary"].append((float(np.asarray(mean)), float(np.asarray(spread))))


def _log_one(v):
    io_callback(_detail, None, v, ordered=True)
    return v


def log_features(feats):
    if feats.size <= MAX_DETAILED:
        return jax.vmap(_log_one)(feats)
    io_callback(_summary, None, feats.mean(), feats.std(), ordered=True)
    return feats


def normalise(feats):
    feats = log_features(feats)
    return (feats - feats.mean()) / (feats.std() + 1e-6)


def featurise(signal):
    spec = jnp.abs(jnp.fft.rfft(signal))
    return jnp.log1p(spec)


def summarize_history(history, keep=3):
    history = list(history)
    head, tail = history[:keep], history[-keep:]
    return {"n": len(history), "head": head, "tail": tail}


def banner(title, width=40):
    return f"{'=' * width}\n{title.center(width)}\n{'=' * width}"


if __name__ == "__main__":
    t = np.linspace(0.0, 1.0, 10, endpoint=False)
    signal = jnp.asarray(np.sin(2 * np.pi * 3 * t), dtype=jnp.float32)
    feats = featurise(signal)
    print("n features", feats.size)
    out = jax.jit(normalise)(feats)
    print(out.round(3))
    print({k: len(v) for k, v in _LOG.items()})
