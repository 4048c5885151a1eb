"""Observers compute a host-side feature with per-class callback options; the subclass whose
options give `vectorized=` is made but never attached, so no call receives them."""
import jax
import jax.numpy as jnp
import numpy as np


class Feature:
    options = {}

    def host(self, x):
        return np.float32(np.max(np.asarray(x)))

    def observe(self, h):
        return jax.pure_callback(self.host, jax.ShapeDtypeStruct((), jnp.float32), h,
                                 **self.options)


class LegacyFeature(Feature):
    options = {"vectorized": False}


class Model:
    def __init__(self):
        self.observers = []

    def attach(self, obs):
        self.observers.append(obs)

    def forward(self, x):
        h = jnp.sin(x)
        return jnp.sum(h) + sum([obs.observe(h) for obs in self.observers], jnp.float32(0.0))


model = Model()
model.attach(Feature())
unused = LegacyFeature()

if __name__ == "__main__":
    print(jax.jit(model.forward)(jnp.arange(3.0, dtype=jnp.float32)))
