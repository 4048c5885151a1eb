"""Spectral-line fitting: Voigt profiles evaluated by a host routine."""
import numpy as np
import scipy.special as sps
import jax
import jax.numpy as jnp


def _voigt_host(x, sigma, gamma):
    x = np.asarray(x, dtype=np.float64)
    s = float(np.asarray(sigma))
    g = float(np.asarray(gamma))
    return sps.voigt_profile(x, s, g).astype(np.float32)


class LineModel:
    def __init__(self, centers):
        self.centers = jnp.asarray(centers)
        self.batched = None
        self.evaluations = 0

    def _callback_kwargs(self):
        if self.batched is None:
            return {}
        return {"vectorized": self.batched}

    def profile(self, x, sigma, gamma):
        self.evaluations += 1
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        kw = self._callback_kwargs()
        return jax.pure_callback(_voigt_host, spec, x, sigma, gamma, **kw)

    def spectrum(self, x, amps, sigma, gamma):
        total = jnp.zeros_like(x)
        for c, a in zip(self.centers, amps):
            total = total + a * self.profile(x - c, sigma, gamma)
        return total


def residual(model, x, data, amps, sigma, gamma):
    return jnp.sum((model.spectrum(x, amps, sigma, gamma) - data) ** 2)


def fwhm_voigt(sigma, gamma):
    """Olivero-Longbothum approximation of the Voigt FWHM."""
    fg = 2.0 * sigma * np.sqrt(2.0 * np.log(2.0))
    fl = 2.0 * gamma
    return 0.5346 * fl + np.sqrt(0.2166 * fl ** 2 + fg ** 2)


def equivalent_width(x, flux):
    return float(np.trapz(np.asarray(flux), np.asarray(x))) if hasattr(np, "trapz") else float(
        np.trapezoid(np.asarray(flux), np.asarray(x)))


if __name__ == "__main__":
    x = jnp.linspace(-5.0, 5.0, 41)
    model = LineModel(centers=[-1.5, 2.0])
    model.batched = False
    amps = jnp.array([1.0, 0.6])
    data = model.spectrum(x, amps, jnp.float32(0.4), jnp.float32(0.2))
    r = jax.jit(lambda a: residual(model, x, data, a, jnp.float32(0.45), jnp.float32(0.2)))(amps)
    print("residual:", float(r), "evaluations:", model.evaluations)
