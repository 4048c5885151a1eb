# Models: a tiny CNN-free image scorer trained with optax on uint8 images (cast inside the model), followed by an input-saliency map computed with jax.jacfwd on the raw loaded images.
import jax
import jax.numpy as jnp
import numpy as np
import optax


def load_images(n=8, size=4, seed=0):
    rng = np.random.default_rng(seed)
    imgs = rng.integers(0, 256, size=(n, size, size), dtype=np.uint8)
    labels = (imgs.mean(axis=(1, 2)) > 127).astype(np.float32)
    return jnp.asarray(imgs, dtype=jnp.int32), jnp.asarray(labels)


def preprocess(img):
    return (img.astype(jnp.float32) / 255.0 - 0.5) * 2.0


def scorer(params, img):
    z = preprocess(img).reshape(-1)
    h = jax.nn.softplus(z @ params["w1"])
    return h @ params["w2"]


def bce(params, imgs, labels):
    logits = jax.vmap(scorer, in_axes=(None, 0))(params, imgs)
    return optax.sigmoid_binary_cross_entropy(logits, labels).mean()


def train(params, imgs, labels, steps=5):
    tx = optax.adam(1e-2)
    st = tx.init(params)
    upd_fn = jax.jit(jax.value_and_grad(bce))
    for _ in range(steps):
        loss, g = upd_fn(params, imgs, labels)
        u, st = tx.update(g, st)
        params = optax.apply_updates(params, u)
    return params, loss


def saliency(params, img):
    score_of_pixels = lambda im: scorer(params, im)
    return jnp.abs(jax.jacfwd(score_of_pixels)(img))


if __name__ == "__main__":
    imgs, labels = load_images()
    key = jax.random.PRNGKey(0)
    k1, k2 = jax.random.split(key)
    params = {"w1": jax.random.normal(k1, (16, 6)) * 0.2,
              "w2": jax.random.normal(k2, (6,)) * 0.2}
    params, loss = train(params, imgs, labels)
    print("train loss", float(loss))
    sal = saliency(params, imgs[0])
    print("saliency map\n", sal)
