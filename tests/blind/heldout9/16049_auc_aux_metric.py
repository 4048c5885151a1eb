# logistic regression whose loss also reports ROC AUC computed on the host (scipy rank statistics)
import jax
import jax.numpy as jnp
import numpy as np
from scipy.stats import rankdata


def _auc(scores, labels):
    ranks = rankdata(scores)
    pos = labels > 0.5
    n_pos, n_neg = pos.sum(), (~pos).sum()
    return np.float32((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def loss_and_metrics(w, X, y):
    logits = X @ w
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    auc = jax.pure_callback(_auc, jax.ShapeDtypeStruct((), jnp.float32),
                            jax.lax.stop_gradient(logits), y)
    return loss, {"auc": auc}


rng = np.random.default_rng(7)
X = jnp.asarray(rng.normal(size=(40, 3)), dtype=jnp.float32)
y = jnp.asarray((X[:, 0] - 0.5 * X[:, 2] > 0).astype(np.float32))
w = jnp.zeros(3)
step = jax.jit(jax.value_and_grad(loss_and_metrics, has_aux=True))
for epoch in range(20):
    (loss, metrics), g = step(w, X, y)
    w = w - 0.5 * g
print(loss, metrics["auc"])
