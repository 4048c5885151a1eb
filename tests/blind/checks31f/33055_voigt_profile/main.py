import jax.numpy as jnp

from spectra import *

x = jnp.linspace(-2.0, 2.0, 9)
observed = voigt(x, 0.6, 0.2)
print("fitted sigma", float(fit_width(x, observed)))
