# Models: per-example loss computed with jax.vmap, where each example is first augmented by a host-side numpy jitter function through pure_callback (no vmap_method given) before the differentiated classifier loss.
import jax
import jax.numpy as jnp
import numpy as np
import optax

_host_rng = np.random.default_rng(0)


def _jitter_np(sample, strength):
    sample = np.asarray(sample)
    noise = _host_rng.normal(size=sample.shape).astype(sample.dtype)
    return sample + float(strength) * noise


def augment(sample, strength=0.05):
    return jax.pure_callback(_jitter_np, jax.ShapeDtypeStruct(sample.shape, sample.dtype),
                             sample, jnp.float32(strength))


def classifier(params, feat):
    h = jax.nn.relu(feat @ params["dense"]["w"] + params["dense"]["b"])
    return h @ params["head"]


def example_loss(params, feat, label):
    feat = augment(feat)
    logits = classifier(params, feat)
    return optax.softmax_cross_entropy_with_integer_labels(logits, label)


def batch_loss(params, feats, labels):
    per_example = jax.vmap(example_loss, in_axes=(None, 0, 0))(params, feats, labels)
    return per_example.mean()


def init(key, d, h, c):
    k1, k2 = jax.random.split(key)
    return {"dense": {"w": jax.random.normal(k1, (d, h)) * 0.3, "b": jnp.zeros(h)},
            "head": jax.random.normal(k2, (h, c)) * 0.3}


if __name__ == "__main__":
    key = jax.random.PRNGKey(8)
    kp, kx = jax.random.split(key)
    feats = jax.random.normal(kx, (12, 4))
    labels = jnp.argmax(feats[:, :3], axis=1)
    params = init(kp, 4, 8, 3)
    opt = optax.sgd(0.1)
    opt_state = opt.init(params)

    @jax.jit
    def step(params, opt_state):
        loss, grads = jax.value_and_grad(batch_loss)(params, feats, labels)
        updates, opt_state = opt.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state, loss

    for i in range(4):
        params, opt_state, loss = step(params, opt_state)
        print("epoch", i, float(loss))
