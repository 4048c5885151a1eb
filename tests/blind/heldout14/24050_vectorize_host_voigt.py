"""Voigt line profiles on a grid of (sigma, gamma) pairs with jnp.vectorize.
The Faddeeva function comes from scipy.special.wofz; the wrapper declares
that the host function broadcasts natively."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def _voigt(x, sigma, gamma):
    z = (np.asarray(x) + 1j * np.asarray(gamma)) / (np.asarray(sigma) * np.sqrt(2.0))
    return (special.wofz(z).real / (np.asarray(sigma) * np.sqrt(2.0 * np.pi))).astype(np.float32)


def voigt(x, sigma, gamma):
    shape = jnp.broadcast_shapes(jnp.shape(x), jnp.shape(sigma), jnp.shape(gamma))
    x, sigma, gamma = (jnp.broadcast_to(a, shape) for a in (x, sigma, gamma))
    return jax.pure_callback(_voigt, jax.ShapeDtypeStruct(shape, jnp.float32), x, sigma, gamma,
                             vmap_method="broadcast_all")


@jnp.vectorize
def peak_height(sigma, gamma):
    return voigt(jnp.float32(0.0), sigma, gamma)


line_profile = jnp.vectorize(voigt, signature="(n),(),()->(n)")


if __name__ == "__main__":
    sig = jnp.array([[0.5], [1.0]])
    gam = jnp.array([0.1, 0.3, 0.9])
    print(peak_height(sig, gam))
    x = jnp.linspace(-3, 3, 7)
    print(line_profile(x, sig, gam).shape)
