"""Directional derivative of a checkpointed MLP (dots-saveable policy) in
forward mode.  The layer reports its invocation to a host trace buffer."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

TRACE = []


def _trace(tag):
    TRACE.append(int(tag))
    return np.int32(len(TRACE))


@functools.partial(jax.checkpoint, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
def layer(W, b, h, tag):
    io_callback(_trace, jax.ShapeDtypeStruct((), jnp.int32), tag)
    return jnp.tanh(W @ h + b)


def mlp(params, x):
    h = x
    for i, (W, b) in enumerate(params):
        h = layer(W, b, h, jnp.int32(i))
    return h


if __name__ == "__main__":
    k = jax.random.split(jax.random.PRNGKey(0), 4)
    params = [(jax.random.normal(k[0], (4, 3)), jnp.zeros(4)),
              (jax.random.normal(k[1], (2, 4)), jnp.zeros(2))]
    x = jnp.array([0.3, -0.1, 0.8])
    v = jnp.array([1.0, 0.0, 0.0])
    out, dout = jax.jvp(lambda z: mlp(params, z), (x,), (v,))
    print(out, dout)
    # also the derivative w.r.t. the first weight matrix
    dW = jax.tree.map(jnp.zeros_like, params)
    dW[0] = (jnp.ones((4, 3)), jnp.zeros(4))
    print(jax.jvp(lambda p: mlp(p, x), (params,), (dW,))[1])
    jax.effects_barrier()
    print(TRACE)
