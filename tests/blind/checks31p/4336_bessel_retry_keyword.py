"""Host Bessel-function features; retries with the newer callback keyword if the old one fails."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def host_bessel(r, order):
    r = np.asarray(r, dtype=np.float64)
    return special.jv(int(np.asarray(order)), r).astype(np.float32)


def make_feature_fn(**cb_kwargs):
    @jax.jit
    def features(r):
        spec = jax.ShapeDtypeStruct(r.shape, jnp.float32)
        cols = [jax.pure_callback(host_bessel, spec, r, n, **cb_kwargs) for n in range(3)]
        return jnp.stack(cols, axis=-1)
    return features


def radial_features(r):
    try:
        return make_feature_fn(vectorized=True)(r)
    except TypeError:
        # newer JAX renamed the option
        return make_feature_fn(vmap_method="broadcast_all")(r)


if __name__ == "__main__":
    r = jnp.linspace(0.1, 5.0, 6)
    feats = radial_features(r)
    print(feats.shape, np.round(np.asarray(feats[-1]), 4))
