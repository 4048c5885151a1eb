"""Friction factor for pipe flow: laminar branch is analytic, turbulent branch solves
Colebrook on the host. lax.cond selects; we only ever evaluate the laminar regime."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.optimize import fsolve


def _colebrook(re, rel_rough):
    f = lambda x: 1 / np.sqrt(x) + 2 * np.log10(rel_rough / 3.7 + 2.51 / (re * np.sqrt(x)))
    return np.float32(fsolve(f, 0.02)[0])


def friction_factor(re, rel_rough=1e-4):
    laminar = lambda r: 64.0 / r
    turbulent = lambda r: jax.pure_callback(_colebrook, jax.ShapeDtypeStruct((), jnp.float32),
                                            r, jnp.float32(rel_rough))
    return jax.lax.cond(re < 2300.0, laminar, turbulent, re)


def pressure_drop(velocity, D=0.01, L=2.0, rho=1000.0, mu=1e-3):
    re = rho * velocity * D / mu
    return friction_factor(re) * L / D * 0.5 * rho * velocity ** 2


print(pressure_drop(0.1))
print(jax.grad(pressure_drop)(0.1))
