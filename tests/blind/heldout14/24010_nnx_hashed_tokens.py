"""Bag-of-ngrams classifier in flax NNX.  Token ids are hashed into buckets by
a host-side hashing routine (the same one the data pipeline uses)."""
import zlib

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx

N_BUCKETS = 32


def _bucketize(ids):
    ids = np.asarray(ids)
    flat = [zlib.crc32(int(t).to_bytes(4, "little")) % N_BUCKETS for t in ids.ravel()]
    return np.asarray(flat, dtype=np.int32).reshape(ids.shape)


def hash_buckets(token_ids):
    return jax.pure_callback(
        _bucketize, jax.ShapeDtypeStruct(token_ids.shape, jnp.int32), token_ids,
        vmap_method="sequential",
    )


class HashedBag(nnx.Module):
    def __init__(self, dim, n_cls, *, rngs):
        self.table = nnx.Embed(N_BUCKETS, dim, rngs=rngs)
        self.cls = nnx.Linear(dim, n_cls, rngs=rngs)

    def __call__(self, token_ids):
        buckets = hash_buckets(token_ids)
        pooled = self.table(buckets).mean(axis=-2)
        return self.cls(pooled)


def loss_fn(model, token_ids, labels):
    logits = model(token_ids)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@nnx.jit
def step(model, opt, token_ids, labels):
    loss, grads = nnx.value_and_grad(loss_fn)(model, token_ids, labels)
    opt.update(model, grads)
    return loss


if __name__ == "__main__":
    model = HashedBag(8, 2, rngs=nnx.Rngs(1))
    opt = nnx.Optimizer(model, optax.sgd(0.5), wrt=nnx.Param)
    ids = jnp.array([[3, 17, 99, 4], [250, 3, 8, 8], [1, 2, 3, 4]], dtype=jnp.int32)
    labels = jnp.array([0, 1, 0])
    for _ in range(3):
        print(float(step(model, opt, ids, labels)))
