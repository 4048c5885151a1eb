import jax
import jax.numpy as jnp

from .models import score


def negative_sampling_loss(params, center, context, negatives):
    pos = jax.nn.log_sigmoid(score(params, center, context))
    neg = jax.nn.log_sigmoid(-score(params, center[:, None], negatives)).sum(-1)
    return -jnp.mean(pos + neg)
