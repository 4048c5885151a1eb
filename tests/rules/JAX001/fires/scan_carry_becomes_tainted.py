"""A scan carry starts as a constant but is mixed with the differentiated input; the host sees the carry."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def host_clip(v):
    return np.clip(v, -1.0, 1.0).astype(np.float32)


def step(carry, x):
    state, acc = carry
    seen = jax.pure_callback(host_clip, jax.ShapeDtypeStruct((), jnp.float32), acc)  # EXPECT: JAX001
    return (state + x, acc + state * x + seen), seen


def rollout(theta):
    xs = jnp.arange(4.0)
    (final, acc), ys = lax.scan(step, (theta, jnp.float32(0.0)), xs)
    return final + acc


print(jax.grad(rollout)(jnp.float32(0.3)))
