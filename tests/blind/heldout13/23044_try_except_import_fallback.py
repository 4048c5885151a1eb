"""Try the JAX-native transform first and fall back to SciPy on the host when it is not
available. The adjoint of the analysis operator is built with linear_transpose."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.fft

try:
    from jax.scipy.fft import dst as _dst  # not provided by every JAX version
except ImportError:
    def _dst(x, type=2, norm="ortho"):
        return jax.pure_callback(
            lambda a: scipy.fft.dst(np.asarray(a), type=type, norm=norm).astype(a.dtype),
            jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


def analysis(signal):
    return _dst(signal * jnp.hanning(signal.shape[0]), type=2, norm="ortho")


if __name__ == "__main__":
    sig = jnp.sin(jnp.linspace(0, 3, 8))
    coeffs = analysis(sig)
    print(coeffs)
    synth = jax.linear_transpose(analysis, sig)
    print(synth(coeffs)[0])
