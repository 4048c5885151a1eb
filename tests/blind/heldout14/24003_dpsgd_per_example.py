"""DP-SGD on a small logistic model: per-example gradients via vmap(grad),
then optax.contrib.dpsgd clips and noises them.

Label smoothing targets are produced by a legacy host routine."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from optax import contrib

N_CLASSES = 3


def _smooth_labels(label):
    eps = 0.1
    t = np.full((N_CLASSES,), eps / N_CLASSES, dtype=np.float32)
    t[int(label)] += 1.0 - eps
    return t


def soft_target(label):
    return jax.pure_callback(
        _smooth_labels, jax.ShapeDtypeStruct((N_CLASSES,), jnp.float32), label
    )


def example_loss(params, x, label):
    logits = x @ params["W"] + params["c"]
    target = soft_target(label)
    return -jnp.sum(target * jax.nn.log_softmax(logits))


per_example_grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))


def train(params, xs, ys, steps=3):
    tx = contrib.dpsgd(learning_rate=0.1, l2_norm_clip=1.0, noise_multiplier=0.5, seed=0)
    state = tx.init(params)
    for _ in range(steps):
        grads = per_example_grads(params, xs, ys)
        updates, state = tx.update(grads, state, params)
        params = optax.apply_updates(params, updates)
    return params


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    xs = jnp.asarray(rng.normal(size=(6, 4)), jnp.float32)
    ys = jnp.asarray(rng.integers(0, N_CLASSES, size=6), jnp.int32)
    p = {"W": jnp.zeros((4, N_CLASSES)), "c": jnp.zeros((N_CLASSES,))}
    p = train(p, xs, ys)
    print(jax.tree.map(jnp.shape, p))
