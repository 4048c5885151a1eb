"""a soil model's base-class method hands `self._cumulative` to pure_callback with the old
`vectorized=True`; the script makes the base class, whose `_cumulative` takes no keyword:
the host raises on the `vectorized` JAX passes on (its subclass, never made, takes `**legacy`)"""
import jax
import jax.numpy as jnp
import numpy as np


class Soil:
    psi = 0.11

    def _cumulative(self, t):
        return (self.psi * np.sqrt(np.asarray(t, dtype=np.float64))).astype(np.float32)

    def infiltration(self, t):
        spec = jax.ShapeDtypeStruct(t.shape, jnp.float32)
        return jax.pure_callback(self._cumulative, spec, t, vectorized=True)  # EXPECT: JAX012


class Clay(Soil):
    psi = 0.316

    def _cumulative(self, t, **legacy):
        return super()._cumulative(t)


if __name__ == "__main__":
    soil = Soil()
    times = jnp.array([600.0, 1800.0, 3600.0])
    print(np.round(np.asarray(jax.jit(soil.infiltration)(times)), 3))
