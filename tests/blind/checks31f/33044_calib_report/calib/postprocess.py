"""Turn raw scores into calibrated probabilities."""
import numpy as np
from scipy.special import softmax


def to_probabilities(logits, temperature):
    scaled = logits / temperature
    return np.asarray(softmax(scaled, axis=-1))
