import numpy as np
from scipy.optimize import brentq
import jax
import jax.numpy as jnp

from ..registry import regime


def _colebrook_np(Re, eps):
    def resid(f):
        return 1 / np.sqrt(f) + 2 * np.log10(eps / 3.7 + 2.51 / (Re * np.sqrt(f)))
    return np.float32(brentq(resid, 1e-4, 1.0))


@regime("turbulent")
def colebrook(Re, rel_rough):
    return jax.pure_callback(_colebrook_np, jax.ShapeDtypeStruct((), jnp.float32),
                             Re, rel_rough, vmap_method="sequential")
