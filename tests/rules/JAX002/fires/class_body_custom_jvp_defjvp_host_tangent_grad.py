"""`f.defjvp(rule)` in a class body: the custom_jvp rule sends tangents to the host."""
import jax
import jax.numpy as jnp
import numpy as np


def host_scale(t):
    return (0.5 * np.asarray(t)).astype(np.float32)


class Activations:
    @jax.custom_jvp
    def soft_clip(x):
        return jnp.tanh(x)

    def _soft_clip_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        y = jnp.tanh(x)
        dt = jax.pure_callback(  # EXPECT: JAX002
            host_scale, jax.ShapeDtypeStruct(t.shape, t.dtype), t
        )
        return y, dt

    soft_clip.defjvp(_soft_clip_jvp)


def loss(x):
    return Activations.soft_clip(x).sum()


print(jax.grad(loss)(jnp.linspace(-1.0, 1.0, 4)))
