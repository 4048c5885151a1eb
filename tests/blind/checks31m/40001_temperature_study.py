"""Softmax temperature study: which argument is swept is part of the configuration."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SEEN = []


def _seen(t):
    SEEN.append(float(np.asarray(t)))
    return np.int32(len(SEEN))


def calibrated_nll(temperature, logits, labels):
    io_callback(_seen, jax.ShapeDtypeStruct((), jnp.int32), temperature, ordered=True)
    logp = jax.nn.log_softmax(logits / temperature, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def ece(probs, labels, n_bins=5):
    conf = probs.max(-1)
    correct = (probs.argmax(-1) == labels).astype(jnp.float32)
    edges = jnp.linspace(0.0, 1.0, n_bins + 1)
    total = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        m = (conf > lo) & (conf <= hi)
        w = m.mean()
        total += jnp.where(m.sum() > 0, w * jnp.abs((correct * m).sum() / jnp.maximum(m.sum(), 1) - (conf * m).sum() / jnp.maximum(m.sum(), 1)), 0.0)
    return total


def fake_model_outputs(n=64, k=5, seed=9):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, k, n)
    logits = rng.normal(0, 1, (n, k)) + 3.0 * np.eye(k)[labels]
    return jnp.asarray(logits, jnp.float32), jnp.asarray(labels)


STUDIES = {
    "per-split logits": {"axes": (None, 0, 0)},
    "temperature grid": {"axes": (0, None, None)},
}

if __name__ == "__main__":
    logits, labels = fake_model_outputs()
    temps = jnp.array([0.5, 1.0, 1.5, 2.0])
    splits_logits = logits.reshape(4, 16, 5)
    splits_labels = labels.reshape(4, 16)
    for name, study in STUDIES.items():
        axes = study["axes"]
        if axes[0] == 0:
            out = jax.vmap(calibrated_nll, in_axes=axes)(temps, logits, labels)
        else:
            out = jax.vmap(calibrated_nll, in_axes=axes)(jnp.float32(1.0), splits_logits, splits_labels)
        print(f"{name:>18}: {np.round(np.asarray(out), 3)}")
    print("ECE at T=1:", float(ece(jax.nn.softmax(logits), labels)))
    print("host saw temperatures:", SEEN)
