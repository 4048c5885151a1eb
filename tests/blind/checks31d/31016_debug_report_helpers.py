"""Training-loop diagnostics: a debug callback reports the log-partition of the logits."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import logsumexp

LOG = []


def _log_partition(row):
    return float(logsumexp(row))


def _summarise(logits):
    return [_log_partition(r) for r in logits]


def report(step, logits, *, tag):
    step = int(np.asarray(step))
    logits = np.asarray(logits)
    LOG.append((tag, step, _summarise(logits)))


def loss_fn(w, x, y):
    logits = x @ w
    return -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(y.shape[0]), y]), logits


@jax.jit
def train_step(w, x, y, step):
    (loss, logits), g = jax.value_and_grad(loss_fn, has_aux=True)(w, x, y)
    jax.debug.callback(partial(report, tag="train"), step, logits)
    return w - 0.1 * g, loss


if __name__ == "__main__":
    w = jnp.zeros((3, 4))
    x = jnp.arange(6.0).reshape(2, 3)
    y = jnp.array([1, 3])
    for s in range(2):
        w, l = train_step(w, x, y, s)
    jax.effects_barrier()
    print(l, LOG[-1][:2])
