# Models: integer-valued pixel inputs fed to a linear scorer; gradients are taken w.r.t. the weights (argnums=0) and input attributions are computed on a float copy of the image, so no integer input is differentiated.
import jax
import jax.numpy as jnp
import numpy as np
import optax

H = W = 4


def read_batch(seed=3, n=10):
    g = np.random.default_rng(seed)
    pix = g.integers(0, 16, size=(n, H, W)).astype(np.int32)
    tgt = pix[:, :2, :2].sum(axis=(1, 2)).astype(np.float32) / 30.0
    return jnp.asarray(pix), jnp.asarray(tgt)


def linear_score(weights, pixels):
    x = pixels.reshape(pixels.shape[0], -1).astype(jnp.float32) / 15.0
    return x @ weights["w"] + weights["b"]


def mse(weights, pixels, target):
    return jnp.mean((linear_score(weights, pixels) - target) ** 2)


grad_weights = jax.jit(jax.value_and_grad(mse, argnums=0))


def attribution(weights, pixel_img):
    as_float = pixel_img.astype(jnp.float32)

    def score(img_f):
        return linear_score(weights, img_f[None])[0]

    return jax.grad(score)(as_float) * as_float


if __name__ == "__main__":
    pixels, target = read_batch()
    weights = {"w": jnp.zeros(H * W), "b": jnp.zeros(())}
    opt = optax.sgd(0.5)
    state = opt.init(weights)
    for i in range(6):
        val, g = grad_weights(weights, pixels, target)
        upd, state = opt.update(g, state)
        weights = optax.apply_updates(weights, upd)
    print("loss", float(val))
    attr = attribution(weights, pixels[0])
    print("attribution\n", attr)
    # integer-valued sanity: vjp with allow_int-style float0 cotangent is fine too
    _, pull = jax.vjp(lambda p: linear_score(weights, p), pixels)
    (ct,) = pull(jnp.ones(pixels.shape[0]))
    print("pixel cotangent dtype", ct.dtype)
