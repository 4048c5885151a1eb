import jax
import numpy as np

HISTORY: list[tuple[float, float, float]] = []


def _append(a, b, value):
    HISTORY.append((float(np.asarray(a)), float(np.asarray(b)), float(np.asarray(value))))


def log_point(a, b, value):
    jax.debug.callback(_append, a, b, value, ordered=True)
    return len(HISTORY)
