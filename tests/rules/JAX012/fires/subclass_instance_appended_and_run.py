"""A subclass overriding the callback's keywords is made and appended to the list
the jitted function runs: its `vectorized=True` reaches pure_callback."""
import numpy as np
import jax
import jax.numpy as jnp


class Feature:
    options = {}

    def __init__(self, tag):
        self.tag = tag

    def host(self, x):
        return np.float32(np.max(np.asarray(x)))

    def run(self, x):
        spec = jax.ShapeDtypeStruct((), jnp.float32)
        return jax.pure_callback(self.host, spec, x, **self.options)  # EXPECT: JAX012


class OldFeature(Feature):
    options = {"vectorized": True}


active = [Feature("max")]
active.append(OldFeature("old-max"))


@jax.jit
def total(x):
    return sum(f.run(x) for f in active)


if __name__ == "__main__":
    print(total(jnp.arange(3.0)))
