import numpy as np

from . import mathutil as mu

HELDOUT = np.linspace(-3.0, 3.0, 9)
history = []


def report(step, means, log_weights):
    means = np.asarray(means)
    log_weights = np.asarray(log_weights)
    ll = mu.mixture_loglik(HELDOUT, means, log_weights).mean()
    history.append((int(np.asarray(step)), float(ll)))
