"""Friction factor with a Python-level regime switch: the turbulent host solver is only
traced when the static flag asks for it."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from scipy.optimize import fsolve


def _colebrook(re):
    f = lambda x: 1 / np.sqrt(x) + 2 * np.log10(1e-4 / 3.7 + 2.51 / (re * np.sqrt(x)))
    return np.float32(fsolve(f, 0.02)[0])


@partial(jax.jit, static_argnames=("turbulent",))
def pressure_drop(velocity, turbulent=False, D=0.01, L=2.0, rho=1000.0, mu=1e-3):
    re = rho * velocity * D / mu
    if turbulent:
        f = jax.pure_callback(_colebrook, jax.ShapeDtypeStruct((), jnp.float32), re)
    else:
        f = 64.0 / re
    return f * L / D * 0.5 * rho * velocity ** 2


print(jax.grad(pressure_drop)(0.1))
print(jax.grad(partial(pressure_drop, turbulent=False))(0.15))
print(pressure_drop(2.0, turbulent=True))
