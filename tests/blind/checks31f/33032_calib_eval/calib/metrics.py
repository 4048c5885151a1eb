import jax
import jax.numpy as jnp
import numpy as np

from .postprocess import to_probabilities
from .binning import ece_from_probs


def _ece_host(logits, labels, temperature):
    logits = np.asarray(logits, dtype=np.float64)
    labels = np.asarray(labels)
    t = float(np.asarray(temperature))
    return ece_from_probs(to_probabilities(logits, t), labels)


def expected_calibration_error(logits, labels, temperature=1.0):
    return jax.pure_callback(_ece_host, jax.ShapeDtypeStruct((), jnp.float32),
                             logits, labels, jnp.float32(temperature))
