"""A custom_jvp rule attached in a class body calls the host on primals only."""
import jax
import jax.numpy as jnp
import numpy as np


def host_derivative(x):
    return (1.0 - np.tanh(np.asarray(x)) ** 2).astype(np.float32)


class Activations:
    @jax.custom_jvp
    def soft_clip(x):
        return jnp.tanh(x)

    @soft_clip.defjvp
    def _soft_clip_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        d = jax.pure_callback(host_derivative, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
        return jnp.tanh(x), d * t

    def loss(self, x):
        return self.soft_clip(x).sum()


print(jax.grad(Activations().loss)(jnp.linspace(-1.0, 1.0, 4)))
