"""The class-level table is also read by a function handed to a library that calls it at
its exit (`contextlib.ExitStack.callback`): the analysis does not see that read run, so the
path passing `vectorized=` may be traced there, and its JAX012 stays."""
import contextlib

import numpy as np
import jax
import jax.numpy as jnp


def erf_table(x):
    return np.tanh(1.2 * np.asarray(x)).astype(np.float32)


def batched_path(x):
    return jax.pure_callback(erf_table, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="sequential")


def legacy_path(x):
    return jax.pure_callback(erf_table, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             vectorized=True)


class Stage:
    ROUTES = {"legacy": legacy_path, "modern": batched_path}

    def __init__(self):
        self.mode = "legacy"

    def upgrade(self):
        self.mode = "modern"

    def route(self):
        return self.ROUTES[self.mode]


stage = Stage()
stage.upgrade()


def legacy_check():
    return jax.jit(Stage.ROUTES["legacy"])(jnp.ones(2, jnp.float32))


if __name__ == "__main__":
    with contextlib.ExitStack() as stack:
        stack.callback(legacy_check)
        step = jax.jit(stage.route())
        print(stage.mode, step(jnp.linspace(-1.0, 1.0, 4, dtype=jnp.float32)))
