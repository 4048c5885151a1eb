# Models: a lax.scan training loop carrying (params, opt_state, key) in which each step draws a fresh key, builds a mixup batch on host with numpy via pure_callback (data only), then takes a value_and_grad step with metrics.
import jax
import jax.numpy as jnp
import numpy as np
import optax


def _mixup_host(x, y, seed):
    rng = np.random.default_rng(int(seed))
    lam = rng.beta(0.4, 0.4)
    perm = rng.permutation(x.shape[0])
    return (lam * x + (1 - lam) * x[perm]).astype(np.float32), \
           (lam * y + (1 - lam) * y[perm]).astype(np.float32)


def mixup(x, y, key):
    seed = jax.random.randint(key, (), 0, 2 ** 30)
    shapes = (jax.ShapeDtypeStruct(x.shape, jnp.float32), jax.ShapeDtypeStruct(y.shape, jnp.float32))
    return jax.pure_callback(_mixup_host, shapes, x, y, seed, vmap_method="sequential")


def logits_fn(params, x):
    return jax.nn.relu(x @ params["w1"]) @ params["w2"]


def soft_ce(params, x, y_soft):
    logits = logits_fn(params, x)
    loss = optax.softmax_cross_entropy(logits, y_soft).mean()
    return loss, {"entropy": -jnp.mean(jnp.sum(jax.nn.softmax(logits) * jax.nn.log_softmax(logits), -1))}


def build_train(x_all, y_onehot, tx, n_steps):
    def step(carry, _):
        params, opt_state, key = carry
        key, k_mix = jax.random.split(key)
        xm, ym = mixup(x_all, y_onehot, k_mix)
        (loss, aux), grads = jax.value_and_grad(soft_ce, has_aux=True)(params, xm, ym)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, opt_state, key), (loss, aux["entropy"])

    @jax.jit
    def train(params, opt_state, key):
        return jax.lax.scan(step, (params, opt_state, key), None, length=n_steps)

    return train


if __name__ == "__main__":
    key = jax.random.PRNGKey(123)
    kx, k1, k2, kt = jax.random.split(key, 4)
    x_all = jax.random.normal(kx, (16, 3))
    labels = (x_all[:, 0] > 0).astype(jnp.int32) + (x_all[:, 1] > 0).astype(jnp.int32)
    y_onehot = jax.nn.one_hot(labels, 3)
    params = {"w1": jax.random.normal(k1, (3, 12)) * 0.4, "w2": jax.random.normal(k2, (12, 3)) * 0.4}
    tx = optax.chain(optax.clip_by_global_norm(1.0), optax.sgd(0.1, momentum=0.9))
    train = build_train(x_all, y_onehot, tx, n_steps=6)
    (params, _, _), (losses, ents) = train(params, tx.init(params), kt)
    print("losses", losses)
    print("entropies", ents)
