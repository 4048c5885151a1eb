"""A plain class keeps its evaluation paths in a class-level table; the method picking one
reads the state the script left (`modern`), so the path passing `vectorized=` is never
traced."""
import numpy as np
import jax
import jax.numpy as jnp


def erf_table(x):
    return np.tanh(1.2 * np.asarray(x)).astype(np.float32)


def batched_path(x):
    return jax.pure_callback(erf_table, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="sequential")


def legacy_path(x):
    return jax.pure_callback(erf_table, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
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

if __name__ == "__main__":
    step = jax.jit(stage.route())
    print(stage.mode, step(jnp.linspace(-1.0, 1.0, 4, dtype=jnp.float32)))
