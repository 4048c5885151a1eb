"""A trainer object differentiates its own bound method; the method's model calls the host."""
import jax
import jax.numpy as jnp
import numpy as np


class Trainer:
    def __init__(self, lr):
        self.lr = lr

    def _host_link(self, z):
        return (1.0 / (1.0 + np.exp(-np.asarray(z)))).astype(np.float32)

    def predict(self, w, x):
        z = x @ w
        return jax.pure_callback(self._host_link, jax.ShapeDtypeStruct(z.shape, z.dtype), z,  # EXPECT: JAX001
                                 vmap_method="sequential")

    def loss(self, w, x, y):
        return jnp.mean((self.predict(w, x) - y) ** 2)

    def step(self, w, x, y):
        g = jax.grad(self.loss)(w, x, y)
        return w - self.lr * g


trainer = Trainer(0.1)
print(trainer.step(jnp.ones(3), jnp.ones((4, 3)), jnp.zeros(4)))
