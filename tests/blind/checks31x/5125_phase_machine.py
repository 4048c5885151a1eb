"""A small state machine picks which evaluation path is traced for each phase."""
import numpy as np
import jax
import jax.numpy as jnp


def cdf_table(x):
    arr = np.asarray(x)
    return (1.0 / (1.0 + np.exp(-1.7 * arr))).astype(np.float32)


def modern_path(x):
    return jax.pure_callback(cdf_table, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="sequential")


def legacy_path(x):
    return jax.pure_callback(cdf_table, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vectorized=True)


class Phase:
    TRANSITIONS = {("init", "load"): "legacy", ("legacy", "upgrade"): "modern",
                   ("init", "upgrade"): "modern", ("modern", "load"): "modern"}
    PATHS = {"legacy": legacy_path, "modern": modern_path}

    def __init__(self):
        self.state = "init"

    def send(self, event):
        self.state = self.TRANSITIONS.get((self.state, event), self.state)
        return self.state

    def evaluator(self):
        return self.PATHS.get(self.state, modern_path)


machine = Phase()
for ev in ("load", "reload"):
    machine.send(ev)

if __name__ == "__main__":
    fn = jax.jit(machine.evaluator())
    print(machine.state, fn(jnp.linspace(-1.0, 1.0, 4, dtype=jnp.float32)))
