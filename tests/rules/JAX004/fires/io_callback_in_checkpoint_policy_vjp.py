"""jax.checkpoint with a policy (decorator with arguments) around a block that pulls a host constant via io_callback."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

rng = np.random.default_rng(0)


def host_noise():
    return rng.normal(size=(2,)).astype(np.float32)


@partial(jax.checkpoint, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
def noisy_block(W, x):
    eps = io_callback(host_noise, jax.ShapeDtypeStruct((2,), jnp.float32))  # EXPECT: JAX004
    return jnp.tanh(W @ x) + 0.01 * eps


W = jnp.array([[0.3, 0.1], [-0.2, 0.4]])
out, pullback = jax.vjp(lambda W: noisy_block(W, jnp.ones(2)), W)
print(out)
print(pullback(jnp.ones(2)))
