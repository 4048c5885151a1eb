import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"

import numpy as np
import jax
import jax.numpy as jnp
from scipy.special import softmax

N_DEV = jax.local_device_count()


def attention_weights_host(scores, temperature):
    scores = np.asarray(scores)
    temperature = float(np.asarray(temperature))
    probs = softmax(scores / temperature, axis=-1)
    return np.asarray(probs, dtype=np.float32)


def shard_batch(x):
    return x.reshape((N_DEV, -1) + x.shape[1:])


def per_device(q, k, temperature):
    scores = q @ k.T
    spec = jax.ShapeDtypeStruct(scores.shape, jnp.float32)
    weights = jax.pure_callback(attention_weights_host, spec, scores, temperature)
    return weights @ k


parallel_attend = jax.pmap(per_device, in_axes=(0, None, None))


def gather(out):
    return out.reshape((-1,) + out.shape[2:])


if __name__ == "__main__":
    q = jax.random.normal(jax.random.PRNGKey(0), (8, 4))
    k = jax.random.normal(jax.random.PRNGKey(1), (5, 4))
    out = gather(parallel_attend(shard_batch(q), k, jnp.float32(2.0)))
    print(N_DEV, out.shape, float(out.sum()))
