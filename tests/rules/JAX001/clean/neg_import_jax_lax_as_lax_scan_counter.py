"""`import jax.lax as lax`: the scan body passes only its integer step index to the host."""
import jax
import jax.lax as lax
import jax.numpy as jnp
import numpy as np


def host_warmup(step):
    return np.asarray(min(1.0, (int(step) + 1) / 3.0), dtype=np.float32)


def rollout(theta):
    def body(carry, step):
        w = jax.pure_callback(host_warmup, jax.ShapeDtypeStruct((), jnp.float32), step)
        carry = carry + w * jnp.tanh(theta * carry + 1.0)
        return carry, carry

    _, ys = lax.scan(body, jnp.zeros(()), jnp.arange(5))
    return ys[-1]


print(jax.grad(rollout)(0.5))
