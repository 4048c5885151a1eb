import jax
import jax.numpy as jnp

import w2v

VOCAB, DIM = 50, 8
key = jax.random.PRNGKey(0)
params = w2v.init_skipgram(key, VOCAB, DIM)

kc, kx, kn = jax.random.split(jax.random.PRNGKey(1), 3)
center = jax.random.randint(kc, (16,), 0, VOCAB)
context = (center + 1) % VOCAB
negatives = jax.random.randint(kn, (16, 4), 0, VOCAB)

update = w2v.make_update(w2v.negative_sampling_loss)
for _ in range(10):
    params, loss = update(params, center, context, negatives)
print("step", int(params["step"]), "loss", float(loss))
