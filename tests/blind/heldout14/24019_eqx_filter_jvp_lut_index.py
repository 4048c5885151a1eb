"""Forward-mode sensitivity of an equinox spectral model.  The model stores
an integer band index, and the band centre is read from a host-side
instrument table."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np

BAND_CENTRES = np.array([450.0, 550.0, 650.0, 850.0], dtype=np.float32)


def _centre(idx):
    return BAND_CENTRES[int(idx)]


def band_centre(idx):
    return jax.pure_callback(_centre, jax.ShapeDtypeStruct((), jnp.float32), idx)


class Reflectance(eqx.Module):
    band: jax.Array            # int32 scalar
    slope: jax.Array
    offset: jax.Array

    def __call__(self, temperature):
        lam = band_centre(self.band) / 1000.0
        return self.offset + self.slope * jnp.exp(-lam / temperature)


if __name__ == "__main__":
    model = Reflectance(band=jnp.int32(2), slope=jnp.float32(0.8), offset=jnp.float32(0.05))
    T = jnp.float32(1.5)
    # perturb the slope and the temperature; the integer band gets no tangent
    dmodel = Reflectance(band=None, slope=jnp.float32(1.0), offset=jnp.float32(0.0))
    primal, tang = eqx.filter_jvp(lambda m, t: m(t), (model, T), (dmodel, jnp.float32(1.0)))
    print(primal, tang)
