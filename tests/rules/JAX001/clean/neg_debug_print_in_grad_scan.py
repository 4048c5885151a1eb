"""jax.debug.print inside a scan body that grad differentiates: no error."""
import jax
import jax.numpy as jnp


def rollout(theta, xs):
    def body(h, x):
        h = jnp.tanh(theta * h + x)
        jax.debug.print("h = {h}", h=h)
        return h, h

    _, hs = jax.lax.scan(body, 0.0, xs)
    return jnp.sum(hs)


print(jax.grad(rollout)(0.5, jnp.array([1.0, -1.0, 0.5])))
