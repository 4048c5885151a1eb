import numpy as np

N_BINS = 5


def bin_edges():
    return np.linspace(0.0, 1.0, N_BINS + 1)


def ece_from_probs(probs, labels):
    conf = probs.max(axis=-1)
    pred = probs.argmax(axis=-1)
    edges = bin_edges()
    total = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        m = (conf > lo) & (conf <= hi)
        if m.any():
            total += m.mean() * abs((pred[m] == labels[m]).mean() - conf[m].mean())
    return np.float32(total)
