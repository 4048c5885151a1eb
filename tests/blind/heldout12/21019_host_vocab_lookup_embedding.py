# Models: a bag-of-words text regressor whose token ids are remapped by a host-side Python vocabulary table via pure_callback on the integer ids, then embedded and trained with value_and_grad.
import jax
import jax.numpy as jnp
import numpy as np
import optax

RAW_VOCAB = {17: 0, 42: 1, 99: 2, 7: 3, 256: 4, 1000: 5}
UNK = 6


def _remap_np(raw_ids):
    raw = np.asarray(raw_ids)
    return np.vectorize(lambda t: RAW_VOCAB.get(int(t), UNK), otypes=[np.int32])(raw)


def remap_ids(raw_ids):
    return jax.pure_callback(_remap_np, jax.ShapeDtypeStruct(raw_ids.shape, jnp.int32),
                             raw_ids, vmap_method="expand_dims")


class BowRegressor:
    def __init__(self, vocab_size, dim, key):
        k1, k2 = jax.random.split(key)
        self.params = {"emb": jax.random.normal(k1, (vocab_size, dim)) * 0.1,
                       "out": jax.random.normal(k2, (dim,)) * 0.1}

    @staticmethod
    def apply(params, raw_ids):
        ids = remap_ids(raw_ids)
        vecs = params["emb"][ids]
        pooled = vecs.mean(axis=-2)
        return pooled @ params["out"]

    def loss(self, params, raw_ids, target):
        pred = self.apply(params, raw_ids)
        return jnp.mean((pred - target) ** 2), {"pred_mean": pred.mean()}


def fit(model, raw_ids, target, epochs=5):
    tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(0.05))
    opt_state = tx.init(model.params)
    grad_fn = jax.jit(jax.value_and_grad(model.loss, has_aux=True))
    params = model.params
    for ep in range(epochs):
        (loss, aux), grads = grad_fn(params, raw_ids, target)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        print(f"epoch {ep} loss {float(loss):.4f} mean pred {float(aux['pred_mean']):.3f}")
    model.params = params
    return model


if __name__ == "__main__":
    raw_ids = jnp.array([[17, 42, 99, 5], [7, 7, 256, 1000], [42, 42, 3, 17]], dtype=jnp.int32)
    target = jnp.array([1.0, -0.5, 0.7])
    model = BowRegressor(vocab_size=7, dim=4, key=jax.random.PRNGKey(0))
    fit(model, raw_ids, target)
