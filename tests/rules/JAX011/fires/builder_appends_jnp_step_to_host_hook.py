"""A fluent builder appends host steps to a list attribute; the `.smooth()` step calls jnp."""
import numpy as np
import jax
import jax.numpy as jnp


def _smooth(a):
    return np.asarray(jnp.convolve(a, jnp.ones(2) / 2.0, mode="same"))  # EXPECT: JAX011


class HookBuilder:
    def __init__(self):
        self._steps = []

    def clip(self, lo, hi):
        self._steps.append(lambda a: np.clip(a, lo, hi))
        return self

    def smooth(self):
        self._steps.append(_smooth)
        return self

    def build(self):
        steps = tuple(self._steps)

        def hook(x):
            a = np.asarray(x)
            for step in steps:
                a = step(a)
            return a.astype(np.float32)
        return hook


hook = HookBuilder().clip(0.0, 2.0).smooth().build()
spec = jax.ShapeDtypeStruct((4,), jnp.float32)
print(jax.jit(lambda v: jax.pure_callback(hook, spec, v))(jnp.arange(4.0)))
