# Per-example feature hashing on the host, vmapped over the batch
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np

VOCAB = 32


def _hash_bucket(ids):
    ids = np.asarray(ids).astype(np.int64)
    return ((ids * 2654435761) % VOCAB).astype(np.int32)


def hash_ids(ids):
    return jax.pure_callback(_hash_bucket, jax.ShapeDtypeStruct(ids.shape, jnp.int32), ids)


class BagOfHashes(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, ids):
        emb = nn.Embed(VOCAB, self.dim)(hash_ids(ids))
        return nn.Dense(2)(emb.mean(0))


model = BagOfHashes()
single = jnp.array([3, 14, 15, 92], dtype=jnp.int32)
variables = model.init(jax.random.PRNGKey(0), single)
print(model.apply(variables, single))
batch = jnp.stack([single, single + 1, single * 2])
logits = jax.vmap(model.apply, in_axes=(None, 0))(variables, batch)
print(logits.shape)
