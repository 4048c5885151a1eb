# Models: a small image classifier whose inputs are augmented per example on host (numpy cutout) via pure_callback with vmap_method='sequential', under vmap, before a value_and_grad training step.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax


def _cutout(img, seed):
    rng = np.random.default_rng(int(seed))
    img = np.array(img, copy=True)
    r, c = rng.integers(0, img.shape[0] - 2), rng.integers(0, img.shape[1] - 2)
    img[r:r + 2, c:c + 2] = 0.0
    return img


def host_cutout(img, seed):
    out_type = jax.ShapeDtypeStruct(img.shape, img.dtype)
    return jax.pure_callback(_cutout, out_type, img, seed, vmap_method="sequential")


def forward(weights, img):
    flat = img.reshape(-1)
    return jax.nn.log_softmax(flat @ weights["proj"] + weights["bias"])


def loss_one(weights, img, seed, label):
    img = host_cutout(img, seed)
    return -forward(weights, img)[label]


def loss_batch(weights, imgs, seeds, labels):
    losses = jax.vmap(partial(loss_one, weights))(imgs, seeds, labels)
    acc = jnp.mean(jax.vmap(lambda im, lb: jnp.argmax(forward(weights, im)) == lb)(imgs, labels))
    return losses.mean(), {"acc": acc}


def make_update(tx):
    @jax.jit
    def update(weights, opt_state, imgs, seeds, labels):
        (loss, aux), grads = jax.value_and_grad(loss_batch, has_aux=True)(
            weights, imgs, seeds, labels)
        updates, opt_state = tx.update(grads, opt_state)
        return optax.apply_updates(weights, updates), opt_state, loss, aux

    return update


if __name__ == "__main__":
    key = jax.random.PRNGKey(1)
    k_img, k_w = jax.random.split(key)
    imgs = jax.random.uniform(k_img, (10, 5, 5))
    labels = (imgs.mean(axis=(1, 2)) > 0.5).astype(jnp.int32)
    weights = {"proj": jax.random.normal(k_w, (25, 2)) * 0.1, "bias": jnp.zeros(2)}
    tx = optax.adam(0.01)
    opt_state = tx.init(weights)
    update = make_update(tx)
    for epoch in range(3):
        seeds = jnp.arange(10, dtype=jnp.int32) + 100 * epoch
        weights, opt_state, loss, aux = update(weights, opt_state, imgs, seeds, labels)
        print(epoch, float(loss), float(aux["acc"]))
