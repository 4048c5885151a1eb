"""jax.debug.callback and jax.debug.print inside jax.checkpoint under grad: fine (debug effects are allowed in remat)."""
import jax
import jax.numpy as jnp
import numpy as np

norms = []


@jax.checkpoint
def block(w, x):
    h = jnp.tanh(w @ x)
    jax.debug.callback(lambda v: norms.append(float(np.linalg.norm(v))), h)
    jax.debug.print("block out mean {m}", m=h.mean())
    return h


def loss(w):
    return jnp.sum(block(w, jnp.array([1.0, -1.0])) ** 2)


print(jax.grad(loss)(jnp.eye(2)))
