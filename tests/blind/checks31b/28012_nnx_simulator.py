import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx


class Plant:
    """Pretend external simulator that clips actuator commands."""

    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def _saturate(self, u):
        return np.asarray(jax.lax.clamp(np.float32(self.lo), u, np.float32(self.hi)))

    def step(self, u):
        u = np.asarray(u)
        return (0.9 * self._saturate(u)).astype(u.dtype)


class Controller(nnx.Module):
    def __init__(self, plant, rngs):
        self.lin = nnx.Linear(2, 2, rngs=rngs)
        self.plant = plant

    def __call__(self, x):
        u = self.lin(x)
        return jax.pure_callback(self.plant.step, jax.ShapeDtypeStruct(u.shape, u.dtype), u,
                                 vmap_method="sequential")


plant = Plant(-0.5, 0.5)
model = Controller(plant, nnx.Rngs(0))


@nnx.jit
def rollout(m, x):
    return m(x)


print(rollout(model, jnp.ones((3, 2))))
