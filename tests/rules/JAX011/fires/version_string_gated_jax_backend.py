"""`jax.__version__` compared as a string, as Python compares it: "0.10.2" < "0.5" holds,
so the module binds the JAX backend and the debug callback's host computes with it"""
import jax
import jax.numpy as jnp
import numpy as np

if jax.__version__ < "0.5":
    import jax.numpy as xp
else:
    import numpy as xp

SEEN = []


def report(v):
    SEEN.append(float(xp.linalg.norm(np.asarray(v))))  # EXPECT: JAX011


@jax.jit
def step(v):
    jax.debug.callback(report, v)
    return v * 2.0


if __name__ == "__main__":
    step(jnp.ones(3))
    jax.effects_barrier()
    print(SEEN)
