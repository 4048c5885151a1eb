# Models: a flax.linen classifier whose training loss reports a Brier score computed on host (pure_callback) from stop-gradient'ed probabilities, returned as an auxiliary metric from value_and_grad.
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax


class MLP(nn.Module):
    features: tuple = (12, 3)

    @nn.compact
    def __call__(self, inputs):
        h = inputs
        for i, f in enumerate(self.features):
            h = nn.Dense(f, name=f"dense_{i}")(h)
            if i < len(self.features) - 1:
                h = nn.gelu(h)
        return h


def _brier_host(p, onehot):
    p, onehot = np.asarray(p, np.float64), np.asarray(onehot, np.float64)
    return np.float32(np.mean(np.sum((p - onehot) ** 2, axis=-1)))


def cross_entropy(params, apply_fn, batch, smoothing=0.1):
    logits = apply_fn({"params": params}, batch["image"])
    n_cls = logits.shape[-1]
    targets = optax.smooth_labels(jax.nn.one_hot(batch["label"], n_cls), smoothing)
    loss = optax.softmax_cross_entropy(logits, targets).mean()
    probs = jax.lax.stop_gradient(jax.nn.softmax(logits))
    brier = jax.pure_callback(_brier_host, jax.ShapeDtypeStruct((), jnp.float32),
                              probs, jax.nn.one_hot(batch["label"], n_cls))
    return loss, dict(brier=brier, loss=loss)


@functools.partial(jax.jit, static_argnums=(2, 3))
def train_step(params, opt_state, apply_fn, tx, batch):
    grad_fn = jax.value_and_grad(cross_entropy, has_aux=True)
    (_, metrics), grads = grad_fn(params, apply_fn, batch)
    grads = jax.tree_util.tree_map(lambda g: jnp.clip(g, -1.0, 1.0), grads)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, metrics


if __name__ == "__main__":
    rng = jax.random.PRNGKey(17)
    r_data, r_init = jax.random.split(rng)
    image = jax.random.normal(r_data, (24, 6))
    label = (image[:, 0] > 0).astype(jnp.int32) + (image[:, 1] > 1).astype(jnp.int32)
    batch = {"image": image, "label": label}
    net = MLP()
    params = net.init(r_init, image[:2])["params"]
    tx = optax.sgd(0.1, momentum=0.9)
    opt_state = tx.init(params)
    for step in range(5):
        params, opt_state, metrics = train_step(params, opt_state, net.apply, tx, batch)
        print(step, {k: round(float(v), 4) for k, v in metrics.items()})
