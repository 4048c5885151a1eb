# Models: per-station Bessel radial profile via pure_callback(vmap_method="expand_dims") with pytree in_axes and out_axes
import numpy as np
import scipy.special as sp
import jax
import jax.numpy as jnp


class RadialModel:
    def __init__(self, grid):
        self.grid = grid

    @staticmethod
    def _j1_host(r, k):
        # with expand_dims, unbatched operands arrive with a leading size-1 axis
        return sp.j1(np.asarray(k) * np.asarray(r)).astype(np.float32)

    def profile(self, k):
        shape = jax.ShapeDtypeStruct(self.grid.shape, jnp.float32)
        return jax.pure_callback(self._j1_host, shape, self.grid, k,
                                 vmap_method="expand_dims")

    def response(self, params):
        return params["gain"] * self.profile(params["k"]) + params["offset"]


def run(model, params):
    fn = jax.vmap(model.response, in_axes=({"gain": 0, "k": 0, "offset": None},),
                  out_axes=1)
    return jax.jit(fn)(params)


def first_zero_estimate(k):
    return 3.8317 / k


if __name__ == "__main__":
    print(first_zero_estimate(jnp.array([0.5, 1.5])))
    model = RadialModel(jnp.linspace(0.0, 4.0, 5, dtype=jnp.float32))
    params = {"gain": jnp.array([1.0, 2.0], jnp.float32),
              "k": jnp.array([[0.5], [1.5]], jnp.float32),
              "offset": jnp.float32(0.1)}
    out = run(model, params)
    print(out.shape)
    print(np.round(np.asarray(out), 3))
