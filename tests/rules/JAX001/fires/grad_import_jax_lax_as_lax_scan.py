"""`import jax.lax as lax`: a scan body calls a host function on the differentiated carry."""
import jax
import jax.lax as lax
import jax.numpy as jnp
import numpy as np


def host_step(h):
    return (0.9 * np.asarray(h) + 0.1 * np.sin(np.asarray(h))).astype(np.float32)


def step(h, x):
    h = jax.pure_callback(host_step, jax.ShapeDtypeStruct(h.shape, h.dtype), h + x)  # EXPECT: JAX001
    return h, h.sum()


def rollout(h0, xs):
    _, ys = lax.scan(step, h0, xs)
    return ys.sum()


print(jax.grad(rollout)(jnp.zeros(2), jnp.ones((4, 2))))
