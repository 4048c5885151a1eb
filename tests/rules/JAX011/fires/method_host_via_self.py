"""The host function is a method reached through `self`; it calls jax.nn."""
import jax
import jax.numpy as jnp
import numpy as np


class Scorer:
    def __init__(self, temperature):
        self.temperature = temperature

    def _host_probs(self, logits):
        probs = jax.nn.softmax(logits / self.temperature)  # EXPECT: JAX011
        return np.asarray(probs, dtype=np.float32)

    def __call__(self, logits):
        out = jax.ShapeDtypeStruct(logits.shape, jnp.float32)
        return jax.pure_callback(self._host_probs, out, logits)


print(jax.jit(Scorer(2.0))(jnp.array([1.0, 2.0, 3.0])))
