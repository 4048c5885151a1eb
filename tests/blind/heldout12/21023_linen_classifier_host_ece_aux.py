# Models: a flax.linen classifier trained with optax; the loss also returns an expected-calibration-error metric computed on host (numpy binning via pure_callback) from the softmax probabilities.
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax


class Classifier(nn.Module):
    hidden: int = 16
    classes: int = 3

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.hidden)(x)
        x = nn.relu(x)
        return nn.Dense(self.classes)(x)


def _ece_numpy(probs, labels, n_bins=5):
    probs, labels = np.asarray(probs), np.asarray(labels)
    conf = probs.max(axis=1)
    pred = probs.argmax(axis=1)
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    ece = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        m = (conf > lo) & (conf <= hi)
        if m.any():
            ece += m.mean() * abs((pred[m] == labels[m]).mean() - conf[m].mean())
    return np.float32(ece)


def calibration_error(probs, labels):
    return jax.pure_callback(_ece_numpy, jax.ShapeDtypeStruct((), jnp.float32), probs, labels)


def make_loss(model):
    def loss_fn(variables, x, y):
        logits = model.apply(variables, x)
        ce = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        probs = jax.nn.softmax(logits)
        return ce, {"ece": calibration_error(probs, y),
                    "acc": (logits.argmax(-1) == y).mean()}

    return loss_fn


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    k_x, k_init = jax.random.split(key)
    x = jax.random.normal(k_x, (30, 4))
    y = jnp.argmax(x[:, :3] + 0.1 * x[:, 3:], axis=1)
    model = Classifier()
    variables = model.init(k_init, x[:1])
    tx = optax.adam(1e-2)
    opt_state = tx.init(variables)
    loss_fn = make_loss(model)

    @jax.jit
    def train_step(variables, opt_state):
        (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(variables, x, y)
        updates, opt_state = tx.update(grads, opt_state, variables)
        return optax.apply_updates(variables, updates), opt_state, loss, aux

    for i in range(4):
        variables, opt_state, loss, aux = train_step(variables, opt_state)
        print(i, float(loss), float(aux["ece"]), float(aux["acc"]))
