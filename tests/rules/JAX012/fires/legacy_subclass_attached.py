"""The observer attached is the subclass whose callback options give `vectorized=`: its host,
which does not take it, raises."""
import jax
import jax.numpy as jnp
import numpy as np


class Feature:
    options = {}

    def host(self, x):
        return np.float32(np.max(np.asarray(x)))

    def observe(self, h):
        return jax.pure_callback(self.host, jax.ShapeDtypeStruct((), jnp.float32), h,  # EXPECT: JAX012
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
model.attach(LegacyFeature())
unused = Feature()

if __name__ == "__main__":
    print(jax.jit(model.forward)(jnp.arange(3.0, dtype=jnp.float32)))
