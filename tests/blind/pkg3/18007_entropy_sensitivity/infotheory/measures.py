import jax
import jax.numpy as jnp

from .numerics import safe_log
from .config import settings


def _probs(logits):
    return jax.nn.softmax(logits / settings.temperature)


def entropy(logits):
    p = _probs(logits)
    return -jnp.sum(p * safe_log(p)) / jnp.log(settings.base)


def kl_divergence(logits_p, logits_q):
    p, q = _probs(logits_p), _probs(logits_q)
    return jnp.sum(p * (safe_log(p) - safe_log(q)))
