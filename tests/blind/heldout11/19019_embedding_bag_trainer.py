# Models: embedding-bag scorer; jax.grad over (table, token_ids, mixing weights) with allow_int=True for the integer ids
import jax
import jax.numpy as jnp
import numpy as np


class EmbeddingBag:
    def __init__(self, vocab, dim, seed=0):
        self.table = jax.random.normal(jax.random.key(seed), (vocab, dim)) * 0.1

    @staticmethod
    def pooled(table, ids, mix):
        gathered = jnp.take(table, ids, axis=0)
        return (gathered * mix[:, None]).sum(0)

    def loss(self, table, ids, mix, target):
        v = self.pooled(table, ids, mix)
        return jnp.sum((v - target) ** 2)

    def grads(self, ids, mix, target):
        g = jax.grad(self.loss, argnums=(0, 1, 2), allow_int=True)
        return g(self.table, ids, mix, target)


def sgd(bag, ids, mix, target, lr=0.1, steps=3):
    for _ in range(steps):
        gt, _, gm = bag.grads(ids, mix, target)
        bag.table = bag.table - lr * gt
        mix = mix - lr * gm
    return mix


def describe(bag):
    norms = jnp.linalg.norm(bag.table, axis=1)
    print("row norms", norms.round(3))


if __name__ == "__main__":
    describe(EmbeddingBag(vocab=6, dim=3))
    print(sgd(EmbeddingBag(vocab=6, dim=3), jnp.array([0, 2], jnp.int32), jnp.array([0.5, 0.5]), jnp.zeros(3)))
    bag = EmbeddingBag(vocab=6, dim=3)
    ids = jnp.array([1, 4, 4], dtype=jnp.int32)
    mix = jnp.array([0.2, 0.3, 0.5])
    gt, gi, gm = bag.grads(ids, mix, jnp.ones(3))
    print(gt.shape, gi.dtype, np.asarray(gm).round(4))
