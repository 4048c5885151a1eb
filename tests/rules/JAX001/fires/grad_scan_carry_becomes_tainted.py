"""A scan carry starts as a constant but is mixed with the parameter-dependent state on each step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def host_smooth(m):
    return (0.5 * np.asarray(m) + 0.5 * np.tanh(np.asarray(m))).astype(np.float32)


def ema_loss(w, xs):
    def body(carry, x):
        state, momentum = carry
        # momentum starts as the constant 0.0, but picks up `state` (which depends on w)
        m = jax.pure_callback(host_smooth, jax.ShapeDtypeStruct(momentum.shape, momentum.dtype), momentum)  # EXPECT: JAX001
        new_state = state + w * x
        new_momentum = 0.9 * m + 0.1 * new_state
        return (new_state, new_momentum), new_momentum

    init = (jnp.zeros(()), jnp.zeros(()))
    _, ms = lax.scan(body, init, xs)
    return jnp.sum(ms)


print(jax.grad(ema_loss)(1.0, jnp.arange(4.0)))
